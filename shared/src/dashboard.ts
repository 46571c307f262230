import { z } from 'zod';
import { LAB_STAGES, type TLabStage } from './patients.ts';

/**
 * GET /api/v1/dashboard/summary/: what the signed-in user's dashboard counts, in one call. Each
 * count is the `count` of the list its card opens (same scope, same filters), so a card never
 * promises more or fewer rows than its list shows. The `kind` follows the caller's first membership.
 */

const ZCount = z.number().int().min(0);

/** Patients the caller may see, in total and by lab stage (the lists' `lab_stage` filter). */
export const ZPatientStageCounts = z.object({
  total: ZCount,
  by_stage: z.object(
    Object.fromEntries(LAB_STAGES.map((stage) => [stage, ZCount])) as Record<TLabStage, typeof ZCount>,
  ),
});
export type TPatientStageCounts = z.infer<typeof ZPatientStageCounts>;

export const ZDashboardSummary = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('admin'),
    patients: ZPatientStageCounts,
    inactive_users: ZCount,
    failed_mail: ZCount,
  }),
  z.object({ kind: z.literal('lab'), patients: ZPatientStageCounts, harvest_centers: ZCount }),
  z.object({
    kind: z.literal('harvest_center'),
    patients: ZPatientStageCounts,
    referral_patients: ZCount,
    staff: ZCount,
  }),
  z.object({ kind: z.literal('referral_harvest_center'), patients: ZPatientStageCounts }),
  z.object({ kind: z.literal('hc_staff'), patients: ZPatientStageCounts, harvest_centers: ZCount }),
  z.object({
    kind: z.literal('sales_rep'),
    patients: ZPatientStageCounts,
    harvest_centers: ZCount,
    referral_harvest_centers: ZCount,
  }),
  z.object({ kind: z.literal('sales_manager'), patients: ZPatientStageCounts, sales_reps: ZCount }),
  z.object({
    kind: z.literal('sales_distributor'),
    patients: ZPatientStageCounts,
    sales_managers: ZCount,
    sales_reps: ZCount,
  }),
  z.object({
    kind: z.literal('patient'),
    lab_stage: z.enum(LAB_STAGES),
    vials_available: ZCount,
    vials_shipped: ZCount,
  }),
]);
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;
export type TDashboardKind = TDashboardSummary['kind'];
