import { z } from 'zod';
import { ZPageQuery, zPage } from './paging.ts';
import { zIdList } from './spec-values.ts';
import { PAGE_SIZE } from './ui-constants.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * RHC Manager (admin, part 2 §5 and §7): each referral harvest center with the harvest centers it
 * is associated with. An RHC can only be given, on a patient, an HC it is associated with.
 */

export const ZRhcAssociationCenter = z.object({ id: z.number().int(), company: z.string() });
export type TRhcAssociationCenter = z.infer<typeof ZRhcAssociationCenter>;

/** One row of GET /api/admin/rhc-association/all/. */
export const ZRhcAssociation = z.object({
  rhc_desc: ZRhcAssociationCenter,
  hc_desc: z.array(ZRhcAssociationCenter),
});
export type TRhcAssociation = z.infer<typeof ZRhcAssociation>;
export const ZRhcAssociationPage = zPage(ZRhcAssociation);
export type TRhcAssociationPage = z.infer<typeof ZRhcAssociationPage>;

/** The list's paging and a search over the RHC's name, e-mail, company and phone. */
export const ZRhcAssociationQuery = ZPageQuery.extend({
  limit: zUrlInteger(1, 500).default(PAGE_SIZE.default),
  search: z.string().trim().max(100).optional(),
});
export type TRhcAssociationQuery = z.infer<typeof ZRhcAssociationQuery>;

/** Most HCs one RHC may be associated with in one save (a guard against runaway payloads). */
export const RHC_ASSOCIATION_MAX_HCS = 500;

/**
 * POST /api/v1/rhc-association/update-association/{rhc id}/: the whole set of HC ids, as a list or
 * as a comma list like the staff's staff_hc_ids (part 2 §3 does not say which).
 */
export const ZRhcAssociationUpdate = z.object({
  rhc_hc_ids: zIdList({ max: RHC_ASSOCIATION_MAX_HCS, message: 'A list of harvest center ids' }),
});
export type TRhcAssociationUpdate = z.input<typeof ZRhcAssociationUpdate>;

export const RHC_ASSOCIATION_UPDATED_MESSAGE = 'Harvest Centers have been updated!';
export const ZRhcAssociationUpdateResponse = z.object({
  code: z.literal('Success'),
  message: z.string(),
  data: ZRhcAssociation,
});
export type TRhcAssociationUpdateResponse = z.infer<typeof ZRhcAssociationUpdateResponse>;
