import { z } from 'zod';
import { ZEmail } from './auth.ts';

/** The login e-mail is unique across all accounts: the message every form shows, and the check. */
export const EMAIL_TAKEN_MESSAGE = 'A user with this e-mail already exists.';

export const ZEmailExistsBody = z.object({
  email: ZEmail,
  /** The user being edited, so its own address does not count as taken. */
  exclude_id: z.number().int().positive().optional(),
});
export const ZEmailExists = z.object({ exists: z.boolean() });
