import { z } from 'zod';
import { ZCenterDesc } from './patients.ts';

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
export const ZStaffHcListResponse = z.object({ harvest_centers: z.array(ZStaffHarvestCenter) });
export type TStaffHcListResponse = z.infer<typeof ZStaffHcListResponse>;

/** GET /api/v1/hc-staff/{harvest center id}/staff-list/: the staff of one HC (part 2 "HC staff"). */
export const ZStaffMember = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  is_active: z.boolean(),
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
