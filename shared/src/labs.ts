import { z } from 'zod';
import { ADMIN_MEMBERSHIPS, MEMBERSHIP, type MembershipId } from './memberships.ts';
import { ZPageQuery, zPage } from './paging.ts';

/**
 * Processing labs and lab accounts. A lab account (membership 1, or 11 "Lab Access") belongs to
 * one processing lab (users.processing_lab_id) and sees that lab's harvest centers (HCs whose
 * processing_lab_id is the lab) and their patients. An HC (4) may open its own lab's view, where
 * it sees only itself. See docs/decisions/004-lab-route-access.md.
 */
/** Lab account types: 1 Lab and 11 Lab Access. */
export const LAB_MEMBERSHIPS: readonly MembershipId[] = [MEMBERSHIP.lab, MEMBERSHIP.labRouteAccess];
/**
 * Who may open the lab views (/lab/:id?, /lab/:lab_id/harvest-center/:harvestcenter_id) and their
 * API: lab accounts, admins, and an HC for its own lab. Use this for the web route guard instead
 * of the spec's 4/11 (decision 004).
 */
export const LAB_VIEW_MEMBERSHIPS: readonly MembershipId[] = [
  ...ADMIN_MEMBERSHIPS,
  ...LAB_MEMBERSHIPS,
  MEMBERSHIP.harvestCenter,
];

export const ZProcessingLab = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Active harvest centers of the lab that the caller may see. */
  harvest_centers_count: z.number().int(),
});
export type TProcessingLab = z.infer<typeof ZProcessingLab>;
export const ZProcessingLabPage = zPage(ZProcessingLab);

export const ZLabListQuery = ZPageQuery.extend({ search: z.string().trim().max(100).optional() });

/** GET /api/v1/users/lab/: lab accounts. */
export const ZLabAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  /** 1 Lab or 11 Lab Access. */
  subscription: z.number().int(),
  processing_lab: z.number().int().nullable(),
  processing_lab_name: z.string().nullable(),
});
export type TLabAccount = z.infer<typeof ZLabAccount>;
export const ZLabAccountPage = zPage(ZLabAccount);

export const ZLabHarvestCenterParams = z.object({
  id: z.coerce.number().int().positive(),
  harvestCenterId: z.coerce.number().int().positive(),
});
