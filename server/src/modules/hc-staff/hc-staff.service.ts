import {
  STAFF_NOT_LINKED_MESSAGE,
  STAFF_NOT_OF_CENTER_MESSAGE,
  STAFF_REMOVED_BY_CENTER_MESSAGE,
  STAFF_REMOVED_MESSAGE,
  STAFF_UPDATED_MESSAGE,
  type THcStaffPage,
  type THcStaffQuery,
  type THcStaffUpdateResponse,
  type TRemoveStaffBody,
  type TStaffHcListResponse,
  type TStaffListResponse,
  type TStaffMember,
} from '@portal/shared/hc-staff';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { type Actor, personOf, type RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { findAccount } from '../accounts/account-view.repository.ts';
import {
  replaceHarvestCenterLinks,
  unlinkStaffFromHarvestCenter,
} from '../accounts/account-writes.repository.ts';
import { approvePendingJoinRequests, findOpenJoinRequestsOf } from '../accounts/center-join.repository.ts';
import {
  findHarvestCentersOfStaff,
  findStaffOfHarvestCenter,
  findVisibleHarvestCentersOfStaff,
  isStaffOfHarvestCenter,
} from '../accounts/center-links.repository.ts';
import { assertAdminReaches, requireHarvestCenterForStaffList } from '../accounts/lookups.ts';
import { canRemoveStaffFromHarvestCenter, canViewStaffHarvestCenters } from './hc-staff.policy.ts';
import { findStaffPage, type UserRow } from './hc-staff.repository.ts';

/** GET /api/v1/hc-staff/{staff id}/hc-list/ ("Associated Harvest Centers"). */
export async function listStaffHarvestCenters(
  db: Db,
  actor: Actor,
  staffId: number,
): Promise<TStaffHcListResponse> {
  const staff = await findAccount(db, staffId, [MEMBERSHIP.hcStaff]);
  if (!staff) throw notFound('HC staff member not found.');
  await assertAdminReaches(db, actor, staffId);
  if (!canViewStaffHarvestCenters(actor, staffId))
    throw forbidden('You can only see your own harvest centers.');
  const [centers, requests] = await Promise.all([
    findHarvestCentersOfStaff(db, staffId),
    findOpenJoinRequestsOf(db, staffId),
  ]);
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
    join_requests: requests.map((r) => ({
      id: r.id,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      harvest_center: { id: r.harvestCenterId, company: r.harvestCenterCompany },
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
  const centers = await findVisibleHarvestCentersOfStaff(
    db,
    actor,
    staff.map((s) => s.id),
  );
  return { staff_list: staff.map((s) => toStaffMember(s, centers.get(s.id) ?? [])) };
}

type StaffFields = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'isActive' | 'lastLogin'
>;

function toStaffMember(staff: StaffFields, harvestCenters: { id: number; company: string }[]): TStaffMember {
  return {
    id: staff.id,
    first_name: staff.firstName,
    last_name: staff.lastName,
    email: staff.email,
    phone_number: staff.phoneNumber,
    is_active: staff.isActive,
    has_signed_in: staff.lastLogin !== null,
    harvest_centers: harvestCenters,
    staff_hc_ids: harvestCenters.map((c) => c.id).join(','),
  };
}

/** GET /api/admin/hc-staff/ (HC Staff Manager): every staff member with all their HCs. */
export async function listAllStaff(db: Db, actor: Actor, query: THcStaffQuery): Promise<THcStaffPage> {
  if (!actor.isAdmin) throw forbidden();
  const page = await findStaffPage(db, actor, query.search, query);
  const centers = await findVisibleHarvestCentersOfStaff(
    db,
    actor,
    page.rows.map((s) => s.id),
  );
  return { count: page.count, results: page.rows.map((s) => toStaffMember(s, centers.get(s.id) ?? [])) };
}

async function staffMemberOf(db: Db, actor: Actor, staffId: number): Promise<TStaffMember> {
  const staff = await findAccount(db, staffId, [MEMBERSHIP.hcStaff]);
  if (!staff) throw notFound('HC staff member not found.');
  const centers = await findVisibleHarvestCentersOfStaff(db, actor, [staffId]);
  return toStaffMember(staff, centers.get(staffId) ?? []);
}

/**
 * PATCH /api/v1/hc-staff/{id}/: the staff member works for exactly these HCs from now on, through
 * the accounts core, in one transaction with its audit entry.
 */
export async function updateStaffHarvestCenters(
  db: Db,
  actor: Actor,
  staffId: number,
  harvestCenterIds: number[],
  context: RequestContext,
): Promise<THcStaffUpdateResponse> {
  if (!actor.isAdmin) throw forbidden();
  await assertAdminReaches(db, actor, staffId);
  for (const centerId of harvestCenterIds) await assertAdminReaches(db, actor, centerId);
  await db.transaction(async (tx) => {
    await replaceHarvestCenterLinks(tx, 'staff', staffId, harvestCenterIds);
    await approvePendingJoinRequests(tx, 'staff', staffId, harvestCenterIds, personOf(actor));
    await recordAudit(tx, identityOf(actor, context), {
      action: 'hc_staff.centers_updated',
      targetUserId: staffId,
      detail: { harvest_center_ids: [...new Set(harvestCenterIds)] },
    });
  });
  return { id: staffId, message: STAFF_UPDATED_MESSAGE, data: await staffMemberOf(db, actor, staffId) };
}

/**
 * POST /api/v1/hc-staff/remove-user/: an HC ends a staff member's work for it (an admin for any HC).
 * The staff account stays, with its other HCs; only the link goes.
 */
export async function removeStaffFromHarvestCenter(
  db: Db,
  actor: Actor,
  body: TRemoveStaffBody,
  context: RequestContext,
): Promise<{ success: true; message: string }> {
  if (!canRemoveStaffFromHarvestCenter(actor, body.hc_id)) {
    throw forbidden(STAFF_REMOVED_BY_CENTER_MESSAGE);
  }
  await assertAdminReaches(db, actor, body.hc_id);
  await db.transaction(async (tx) => {
    if (!(await unlinkStaffFromHarvestCenter(tx, body.user_id, body.hc_id))) {
      throw badRequest(STAFF_NOT_OF_CENTER_MESSAGE, { user_id: STAFF_NOT_OF_CENTER_MESSAGE });
    }
    await recordAudit(tx, identityOf(actor, context), {
      action: 'hc_staff.removed',
      targetUserId: body.user_id,
      detail: { harvest_center_id: body.hc_id },
    });
  });
  return { success: true, message: STAFF_REMOVED_MESSAGE };
}

/**
 * "Access to this HC": the HC a staff member may open a staff-access session as, only one it is
 * associated with (hc_staff_links). The session itself is the sign-in module's (flows/linked-sessions).
 */
export async function findStaffAccessCenter(db: Db, actor: Actor, harvestCenterId: number) {
  const center = await findAccount(db, harvestCenterId, [MEMBERSHIP.harvestCenter]);
  if (!center) throw notFound('Harvest center not found.');
  if (actor.membershipId !== MEMBERSHIP.hcStaff || !(await isStaffOfHarvestCenter(db, actor.id, center.id))) {
    throw forbidden(STAFF_NOT_LINKED_MESSAGE);
  }
  return center;
}
