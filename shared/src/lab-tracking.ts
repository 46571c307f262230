import { z } from 'zod';

const ZDate = z.string().nullable(); // 'YYYY-MM-DD' or null

/** A patient's lab-tracking fields and vial totals (part 1 §3), as the user and patient APIs show them. */
export const ZLabTracking = z.object({
  number_times_qc_done: z.number().int(),
  date_adipose_shipped_to_lab: ZDate,
  date_adipose_received_by_lab: ZDate,
  estimated_date_vials_ready_to_ship: ZDate,
  estimated_date_set_manually: z.boolean(),
  date_vials_ready_to_ship: ZDate,
  stemcell_plating_initiated_date: ZDate,
  /** 1 Yes, 2 No, null not answered. */
  stemcell_plating_successful: z.number().int().nullable(),
  hla_typing_test: z.number().int().nullable(),
  vials_preparation: z.number().int(),
  vials_ready_ship: z.number().int(),
  vials_available: z.number().int(),
  vials_shipped: z.number().int(),
});
export type TLabTracking = z.infer<typeof ZLabTracking>;
