import { z } from 'zod';

/** The one error shape of the API (docs/architecture.md, "The API contract"). */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
