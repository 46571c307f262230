import type { TLoginResponse } from '@portal/shared/auth';
import {
  STAFF_NOT_LINKED_MESSAGE,
  type TStaffHcListResponse,
  type TStaffListResponse,
} from '@portal/shared/hc-staff';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { findAccount } from '../accounts/account-view.ts';
import { isStaffOfHarvestCenter } from '../accounts/account-writes.ts';
import { requireHarvestCenterForStaffList } from '../accounts/lookups.ts';
import { harvestCenterScope } from '../accounts/scopes.ts';
import { startLinkedSession } from '../auth/linked-sessions.ts';
import { canViewStaffHarvestCenters } from './hc-staff.policy.ts';
import {
  findHarvestCentersOfStaff,
  findStaffHarvestCenters,
  findStaffOfHarvestCenter,
} from './hc-staff.repository.ts';

/** GET /api/v1/hc-staff/{staff id}/hc-list/ ("Associated Harvest Centers"). */
export async function listStaffHarvestCenters(
  db: Db,
  actor: Actor,
  staffId: number,
): Promise<TStaffHcListResponse> {
  const staff = await findAccount(db, staffId, [MEMBERSHIP.hcStaff]);
  if (!staff) throw notFound('HC staff member not found.');
  if (!canViewStaffHarvestCenters(actor, staffId))
    throw forbidden('You can only see your own harvest centers.');
  const centers = await findHarvestCentersOfStaff(db, staffId);
  return {
    harvest_centers: centers.map((c) => ({
      id: c.id,
      company: c.company,
      email: c.email,
      template_id: c.templateId,
      first_name: c.firstName,
      last_name: c.lastName,
      phone_number: c.phoneNumber,
      city: c.city,
      state_desc: c.stateDesc,
    })),
  };
}

/** GET /api/v1/hc-staff/{harvest center id}/staff-list/: the HC's staff. */
export async function listHarvestCenterStaff(
  db: Db,
  actor: Actor,
  harvestCenterId: number,
): Promise<TStaffListResponse> {
  await requireHarvestCenterForStaffList(db, actor, harvestCenterId);
  const staff = await findStaffOfHarvestCenter(db, harvestCenterId);
  // Each member's other HCs are shown only where the caller could see those HCs anyway.
  const centers = await findStaffHarvestCenters(
    db,
    staff.map((s) => s.id),
    (c) => harvestCenterScope(actor, c),
  );
  return {
    staff_list: staff.map((s) => {
      const harvestCenters = centers.get(s.id) ?? [];
      return {
        id: s.id,
        first_name: s.firstName,
        last_name: s.lastName,
        email: s.email,
        phone_number: s.phoneNumber,
        is_active: s.isActive,
        harvest_centers: harvestCenters,
        staff_hc_ids: harvestCenters.map((c) => c.id).join(','),
      };
    }),
  };
}

/**
 * "Access to this HC": a staff-access session as the HC, linked to the staff member's own session,
 * and only for an HC the staff member is associated with (hc_staff_links).
 */
export async function startStaffAccess(
  db: Db,
  actor: Actor,
  harvestCenterId: number,
  input: { ttlDays: number },
  context: RequestContext,
): Promise<TLoginResponse> {
  const center = await findAccount(db, harvestCenterId, [MEMBERSHIP.harvestCenter]);
  if (!center) throw notFound('Harvest center not found.');
  if (actor.membershipId !== MEMBERSHIP.hcStaff || !(await isStaffOfHarvestCenter(db, actor.id, center.id))) {
    throw forbidden(STAFF_NOT_LINKED_MESSAGE);
  }
  return startLinkedSession(
    db,
    actor,
    { targetUserId: center.id, kind: 'staff_access', ttlDays: input.ttlDays },
    context,
  );
}
