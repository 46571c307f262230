import { MEMBERSHIP } from '@portal/shared/memberships';
import { LAB_STAGES, type TLabStage } from '@portal/shared/patients';
import { and, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  centerAccounts,
  hcStaffLinks,
  patientAccounts,
  salesAccounts,
} from '../../db/schema/account-links.ts';
import { users } from '../../db/schema/accounts.ts';
import { mailOutbox } from '../../db/schema/platform.ts';
import { labStageSql } from '../accounts/lab-stage.ts';

/**
 * The counts behind the dashboards. Each one repeats the WHERE of the list its card opens (active
 * accounts of one membership inside the caller's scope); server/test/dashboard.test.ts compares
 * every count with its list's `count`, so the two cannot drift apart unnoticed.
 */

const activeUsersOf = (membershipId: number) =>
  and(eq(users.membershipId, membershipId), eq(users.isActive, true));

/** Active patients inside `scope` (and `constraint`), by lab stage: one GROUP BY. */
export async function countPatientsByStage(db: Db, scope: SQL, constraint?: SQL) {
  const rows = await db
    .select({ stage: labStageSql, n: count() })
    .from(users)
    .innerJoin(patientAccounts, eq(patientAccounts.userId, users.id))
    .where(and(activeUsersOf(MEMBERSHIP.patient), scope, constraint))
    .groupBy(labStageSql);
  const byStage = Object.fromEntries(LAB_STAGES.map((stage) => [stage, 0])) as Record<TLabStage, number>;
  for (const row of rows) byStage[row.stage] = row.n;
  return { total: rows.reduce((sum, row) => sum + row.n, 0), by_stage: byStage };
}

/** Active patients inside `scope` that a referral center sent (an HC's /referral-patients). */
export async function countReferredPatients(db: Db, scope: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(patientAccounts, eq(patientAccounts.userId, users.id))
    .where(and(activeUsersOf(MEMBERSHIP.patient), scope, isNotNull(patientAccounts.referralHarvestCenterId)));
  return row.n;
}

/** Active centers (4 or 5) inside a center scope written against center_accounts. */
export async function countCenters(
  db: Db,
  membershipId: typeof MEMBERSHIP.harvestCenter | typeof MEMBERSHIP.referralHarvestCenter,
  scope: SQL,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(centerAccounts, eq(centerAccounts.userId, users.id))
    .where(and(activeUsersOf(membershipId), scope));
  return row.n;
}

/** Active sales people (3 or 6) inside a scope written against users and sales_accounts. */
export async function countSalesPeople(
  db: Db,
  membershipId: typeof MEMBERSHIP.salesRep | typeof MEMBERSHIP.salesManager,
  scope: SQL,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(salesAccounts, eq(salesAccounts.userId, users.id))
    .where(and(activeUsersOf(membershipId), scope));
  return row.n;
}

/** The staff of a harvest center (its /staff-view lists them whatever their state). */
export async function countStaffOfHarvestCenter(db: Db, harvestCenterId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hcStaffLinks)
    .innerJoin(users, eq(users.id, hcStaffLinks.staffId))
    .where(
      and(eq(hcStaffLinks.harvestCenterId, harvestCenterId), eq(users.membershipId, MEMBERSHIP.hcStaff)),
    );
  return row.n;
}

/** The active harvest centers a staff member works for (its dashboard's Associated Harvest Centers). */
export async function countHarvestCentersOfStaff(db: Db, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hcStaffLinks)
    .innerJoin(users, eq(users.id, hcStaffLinks.harvestCenterId))
    .where(and(eq(hcStaffLinks.staffId, staffId), activeUsersOf(MEMBERSHIP.harvestCenter)));
  return row.n;
}

/** Accounts switched off (the admin's Inactive Users). */
export async function countInactiveUsers(db: Db, domainId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isActive, false), domainId === null ? undefined : eq(users.domainId, domainId)));
  return row.n;
}

/** Mail the outbox gave up on; for a white-label admin, the mail to its domain's accounts. */
export async function countFailedMail(db: Db, domainId: number | null): Promise<number> {
  const failed = eq(mailOutbox.status, 'failed');
  const [row] =
    domainId === null
      ? await db.select({ n: count() }).from(mailOutbox).where(failed)
      : await db
          .select({ n: count() })
          .from(mailOutbox)
          .innerJoin(users, sql`lower(${users.email}) = lower(${mailOutbox.to})`)
          .where(and(failed, eq(users.domainId, domainId)));
  return row.n;
}

/** A patient's own vial totals and stage. */
export async function findOwnVials(db: Db, patientId: number) {
  const [row] = await db
    .select({
      stage: labStageSql,
      available: patientAccounts.vialsAvailable,
      shipped: patientAccounts.vialsShipped,
    })
    .from(patientAccounts)
    .where(eq(patientAccounts.userId, patientId));
  return row;
}
