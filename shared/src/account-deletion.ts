import { z } from 'zod';

/**
 * GET /api/v1/users/{id}/delete-blockers/ (admins): what stands in the way of deleting an account,
 * asked before "Remove Account" deactivates anything, so nothing is left half done.
 */
export const ZDeleteBlockers = z.object({
  id: z.number().int(),
  is_active: z.boolean(),
  /** True when nothing blocks the delete (an active account is deactivated first, then deleted). */
  can_delete: z.boolean(),
  /** What blocks it, by kind (`patients`, `vial_records`): a sentence for the user each. */
  blockers: z.record(z.string(), z.string()),
});
export type TDeleteBlockers = z.infer<typeof ZDeleteBlockers>;
