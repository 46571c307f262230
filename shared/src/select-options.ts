import { z } from 'zod';
import { zUrlInteger } from './url-integers.ts';

// ---------------------------------------------------------------------------------------------
// Option lists for select-search fields (part 1 §3: value or id, label, first_name, last_name).
// ---------------------------------------------------------------------------------------------

export const ZUserOption = z.object({
  value: z.number().int(),
  label: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** What tells options of one label apart: the e-mail, and a patient's center or a center's city. */
  description: z.string(),
});
export type TUserOption = z.infer<typeof ZUserOption>;

/** An option list's search and page: `limit` options from `offset` (pickers ask 20 at a time). */
export const ZOptionsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: zUrlInteger(1, 1000).default(1000),
  offset: zUrlInteger(0, 1_000_000).default(0),
});

export const ZValueOption = z.object({ value: z.number().int(), label: z.string() });
export const ZIdName = z.object({ id: z.number().int(), name: z.string() });
