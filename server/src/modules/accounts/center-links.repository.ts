import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TCenterDesc } from '@portal/shared/patients';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { centerAccounts, hcStaffLinks, patientAccounts, rhcHcLinks } from '../../db/schema/account-links.ts';
import { users } from '../../db/schema/accounts.ts';
import type { UserRow } from './account-view.repository.ts';
import type { ScopeActor } from './roles.ts';
import { harvestCenterScope } from './scopes.repository.ts';

/**
 * Reads of the links around a center (written by account-writes.repository.ts): its patients, the
 * HCs a referral center is associated with, and the staff of an HC and the HCs of a staff member.
 */

const qb = new QueryBuilder();
const countedPatient = alias(patientAccounts, 'counted_patient');
const countedPatientUser = alias(users, 'counted_patient_user');

/**
 * The active patients of an HC ('hc'), or those referred by an RHC ('rhc'), whose id is `centerId`
 * (a column of the outer query), as a scalar sub-query (both link columns are indexed).
 */
export function activePatientsCountOf(kind: 'hc' | 'rhc', centerId: AnyColumn): SQL<number> {
  const center = kind === 'hc' ? countedPatient.harvestCenterId : countedPatient.referralHarvestCenterId;
  const patients = qb
    .select({ n: sql<number>`count(*)::int` })
    .from(countedPatient)
    .innerJoin(countedPatientUser, eq(countedPatientUser.id, countedPatient.userId))
    .where(and(eq(countedPatientUser.isActive, true), eq(center, centerId)));
  return sql<number>`(${patients})`.mapWith(Number);
}

/** The HCs each RHC is associated with, by company (one query for a page of RHCs). */
export async function findAssociatedHarvestCenters(
  db: Db,
  rhcIds: number[],
): Promise<Map<number, TCenterDesc[]>> {
  const byRhc = new Map<number, TCenterDesc[]>(rhcIds.map((id) => [id, []]));
  if (rhcIds.length === 0) return byRhc;
  const rows = await db
    .select({
      rhcId: rhcHcLinks.rhcId,
      id: users.id,
      company: users.company,
      email: users.email,
      templateId: users.templateId,
    })
    .from(rhcHcLinks)
    .innerJoin(users, eq(users.id, rhcHcLinks.harvestCenterId))
    .where(inArray(rhcHcLinks.rhcId, rhcIds))
    .orderBy(asc(users.company), asc(users.id));
  for (const r of rows) {
    byRhc.get(r.rhcId)?.push({ id: r.id, company: r.company, email: r.email, template_id: r.templateId });
  }
  return byRhc;
}

/**
 * Whether an account is linked with a harvest center: a referral center associated with it, a staff
 * member working for it, a patient of it (the links account-writes.repository.ts writes).
 */

export async function isRhcAssociatedWithHc(db: Db, rhcId: number, harvestCenterId: number) {
  const [row] = await db
    .select({ rhcId: rhcHcLinks.rhcId })
    .from(rhcHcLinks)
    .where(and(eq(rhcHcLinks.rhcId, rhcId), eq(rhcHcLinks.harvestCenterId, harvestCenterId)))
    .limit(1);
  return row !== undefined;
}

export async function isStaffOfHarvestCenter(db: Db, staffId: number, harvestCenterId: number) {
  const [row] = await db
    .select({ staffId: hcStaffLinks.staffId })
    .from(hcStaffLinks)
    .where(and(eq(hcStaffLinks.staffId, staffId), eq(hcStaffLinks.harvestCenterId, harvestCenterId)))
    .limit(1);
  return row !== undefined;
}

export async function isPatientOfHarvestCenter(db: Db, patientId: number, harvestCenterId: number) {
  const [row] = await db
    .select({ id: patientAccounts.userId })
    .from(patientAccounts)
    .where(and(eq(patientAccounts.userId, patientId), eq(patientAccounts.harvestCenterId, harvestCenterId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The harvest centers a staff member works for, as ids joined by commas (a correlated sub-query
 * over `staffId`, a column of the outer query), so a page of users carries them in one round trip.
 */
export function harvestCenterIdsOfStaffText(staffId: AnyColumn): SQL<string> {
  return sql<string>`array_to_string(array(select s.harvest_center_id from ${hcStaffLinks} s where s.staff_id = ${staffId} order by s.harvest_center_id), ',')`;
}

// Staff (9) and the harvest centers (4) they work for: hc_staff_links.

/** The active harvest centers a staff member works for, by company. */
export function findHarvestCentersOfStaff(db: Db, staffId: number): Promise<UserRow[]> {
  return db
    .select({ center: users })
    .from(hcStaffLinks)
    .innerJoin(users, eq(users.id, hcStaffLinks.harvestCenterId))
    .where(
      and(
        eq(hcStaffLinks.staffId, staffId),
        eq(users.membershipId, MEMBERSHIP.harvestCenter),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(users.company), asc(users.id))
    .then((rows) => rows.map((r) => r.center));
}

/** The staff of one harvest center, by name. */
export function findStaffOfHarvestCenter(db: Db, harvestCenterId: number): Promise<UserRow[]> {
  return db
    .select({ staff: users })
    .from(hcStaffLinks)
    .innerJoin(users, eq(users.id, hcStaffLinks.staffId))
    .where(and(eq(hcStaffLinks.harvestCenterId, harvestCenterId), eq(users.membershipId, MEMBERSHIP.hcStaff)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .then((rows) => rows.map((r) => r.staff));
}

const linkedHc = alias(users, 'staff_hc');
const linkedCenter = alias(centerAccounts, 'staff_hc_center');

/**
 * For each staff member, the harvest centers they work for that the caller's harvest-center scope
 * lets it see (a member's other centers are shown only where the caller could see them anyway).
 */
export async function findVisibleHarvestCentersOfStaff(
  db: Db,
  actor: ScopeActor,
  staffIds: number[],
): Promise<Map<number, { id: number; company: string }[]>> {
  const byStaff = new Map<number, { id: number; company: string }[]>(staffIds.map((id) => [id, []]));
  if (staffIds.length === 0) return byStaff;
  const rows = await db
    .select({ staffId: hcStaffLinks.staffId, id: linkedHc.id, company: linkedHc.company })
    .from(hcStaffLinks)
    .innerJoin(linkedHc, eq(linkedHc.id, hcStaffLinks.harvestCenterId))
    .innerJoin(linkedCenter, eq(linkedCenter.userId, hcStaffLinks.harvestCenterId))
    .where(and(inArray(hcStaffLinks.staffId, staffIds), harvestCenterScope(actor, linkedCenter)))
    .orderBy(asc(linkedHc.company), asc(linkedHc.id));
  for (const r of rows) byStaff.get(r.staffId)?.push({ id: r.id, company: r.company });
  return byStaff;
}

/**
 * `column` (a harvest center id) is one of the centers the staff member works for, as an indexable
 * `= ANY(ARRAY(sub-query))`.
 */
export function isHarvestCenterOfStaff(column: AnyColumn, staffId: number): SQL {
  const centers = qb
    .select({ id: hcStaffLinks.harvestCenterId })
    .from(hcStaffLinks)
    .where(eq(hcStaffLinks.staffId, staffId));
  return sql`${column} = ANY(ARRAY(${centers}))`;
}
