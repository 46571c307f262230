import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZPhone, zRequiredText } from './form-fields.ts';

/** The contact form (a message to the portal's staff). */
export const ZContactBody = z.object({
  name: zRequiredText('Name', 200),
  email: ZEmail,
  phone: ZPhone.optional(),
  message: zRequiredText('Message', 5000),
});
export type TContactBody = z.infer<typeof ZContactBody>;
