import { z } from 'zod';
import { ZOwnJoinRequest } from './join-requests.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { ZCenterDesc } from './patients.ts';
import { PAGE_SIZE } from './ui-constants.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * HC staff (membership 9) work for one or more harvest centers (hc_staff_links). "Access to this
 * HC" opens a staff-access session as the HC, linked to the staff member's own session; it ends
 * with POST /api/v1/users/login-as-user/return/ ('Go back to your Account').
 */

/** GET /api/v1/hc-staff/{staff id}/hc-list/ */
export const ZStaffHarvestCenter = ZCenterDesc.extend({
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  city: z.string(),
  state_desc: z.string(),
});
export type TStaffHarvestCenter = z.infer<typeof ZStaffHarvestCenter>;
export const ZStaffHcListResponse = z.object({
  harvest_centers: z.array(ZStaffHarvestCenter),
  /** Centers the staff member asked to join that have not approved (yet): no access to them. */
  join_requests: z.array(ZOwnJoinRequest),
});
export type TStaffHcListResponse = z.infer<typeof ZStaffHcListResponse>;

/** GET /api/v1/hc-staff/{harvest center id}/staff-list/: the staff of one HC (part 2 "HC staff"). */
export const ZStaffMember = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  is_active: z.boolean(),
  /** Signed in at least once: until then the invitation may be sent again. */
  has_signed_in: z.boolean(),
  /** All HCs the staff member works for (spec: harvest_centers[] {id, company}). */
  harvest_centers: z.array(z.object({ id: z.number().int(), company: z.string() })),
  /** The same ids as a comma list (spec: staff_hc_ids). */
  staff_hc_ids: z.string(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffListResponse = z.object({ staff_list: z.array(ZStaffMember) });
export type TStaffListResponse = z.infer<typeof ZStaffListResponse>;

/** POST /api/v1/hc-staff/access/ ("Access to this HC"); answers like a login (token, message, user). */
export const ZStaffAccessBody = z.object({ harvest_center_id: z.number().int().positive() });
export const STAFF_NOT_LINKED_MESSAGE = 'You are not a staff member of this harvest center.';

/** GET /api/admin/hc-staff/ (HC Staff Manager): every staff member with their HCs, paged, searched. */
export const ZHcStaffQuery = ZPageQuery.extend({
  limit: zUrlInteger(1, 500).default(PAGE_SIZE.default),
  search: z.string().trim().max(100).optional(),
});
export type THcStaffQuery = z.infer<typeof ZHcStaffQuery>;
export const ZHcStaffPage = zPage(ZStaffMember);
export type THcStaffPage = z.infer<typeof ZHcStaffPage>;

/** Most HCs one staff member may be given in one save (a guard against runaway payloads). */
export const STAFF_MAX_HCS = 500;

/** PATCH /api/v1/hc-staff/{id}/: the whole set of HCs as a comma list (part 2 §3: staff_hc_ids). */
export const ZHcStaffUpdate = z.object({
  staff_hc_ids: z
    .string()
    .trim()
    .regex(/^(\d{1,10}(\s*,\s*\d{1,10})*)?$/, 'A comma list of harvest center ids')
    .transform((text) => (text === '' ? [] : text.split(',').map((id) => Number(id.trim()))))
    .refine((ids) => ids.length <= STAFF_MAX_HCS, `At most ${STAFF_MAX_HCS} harvest centers`)
    .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), 'Not a harvest center id'),
});
export type THcStaffUpdate = z.input<typeof ZHcStaffUpdate>;

export const STAFF_UPDATED_MESSAGE = 'Harvest Center have been updated!';
export const ZHcStaffUpdateResponse = z.object({
  id: z.number().int(),
  message: z.string(),
  data: ZStaffMember,
});
export type THcStaffUpdateResponse = z.infer<typeof ZHcStaffUpdateResponse>;

/** POST /api/v1/hc-staff/remove-user/: an HC (or an admin) ends a staff member's work for it. */
export const ZRemoveStaffBody = z.object({
  user_id: z.number().int().positive(),
  hc_id: z.number().int().positive(),
});
export type TRemoveStaffBody = z.infer<typeof ZRemoveStaffBody>;
export const STAFF_REMOVED_MESSAGE = 'Staff member has been removed.';
export const STAFF_REMOVED_BY_CENTER_MESSAGE =
  'Only the harvest center itself or an admin can remove its staff.';
export const STAFF_NOT_OF_CENTER_MESSAGE = 'This staff member does not work for this harvest center.';
export const ZRemoveStaffResponse = z.object({ success: z.literal(true), message: z.string() });
