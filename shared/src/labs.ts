import { z } from 'zod';
import { ZPageQuery, zPage } from './paging.ts';
import { zUrlId } from './url-integers.ts';

/**
 * Processing labs and lab accounts. A lab account (membership 1, or 11 "Lab Access") belongs to
 * one processing lab (users.processing_lab_id) and sees that lab's harvest centers (HCs whose
 * processing_lab_id is the lab) and their patients. An HC (4) may open its own lab's view, where
 * it sees only itself. See docs/decisions/004-lab-route-access.md.
 */

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
  id: zUrlId(),
  harvestCenterId: zUrlId(),
});
