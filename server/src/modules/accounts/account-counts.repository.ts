import { MEMBERSHIP } from '@portal/shared/memberships';
import { LAB_STAGES, type TLabStage } from '@portal/shared/patients';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  centerAccounts,
  hcStaffLinks,
  patientAccounts,
  salesAccounts,
} from '../../db/schema/account-links.ts';
import { users } from '../../db/schema/accounts.ts';
import { labStageSql } from './lab-stage.repository.ts';
import { salesScope } from './lookups.repository.ts';
import type { ScopeActor } from './roles.ts';
import { harvestCenterScope, patientScope, referralCenterScope } from './scopes.repository.ts';

/**
 * Counts of accounts as the caller's lists would show them (the dashboards). Each repeats the
 * WHERE of its list: active accounts of one membership inside the caller's scope;
 * server/test/dashboard.test.ts compares every count with its list's `count`.
 */

const activeUsersOf = (membershipId: number) =>
  and(eq(users.membershipId, membershipId), eq(users.isActive, true));

/** The active patients the caller sees, by lab stage: one GROUP BY. */
export async function countVisiblePatientsByStage(db: Db, actor: ScopeActor) {
  const rows = await db
    .select({ stage: labStageSql, n: count() })
    .from(users)
    .innerJoin(patientAccounts, eq(patientAccounts.userId, users.id))
    .where(and(activeUsersOf(MEMBERSHIP.patient), patientScope(actor)))
    .groupBy(labStageSql);
  const byStage = Object.fromEntries(LAB_STAGES.map((stage) => [stage, 0])) as Record<TLabStage, number>;
  for (const row of rows) byStage[row.stage] = row.n;
  return { total: rows.reduce((sum, row) => sum + row.n, 0), by_stage: byStage };
}

/** The active patients the caller sees that a referral center sent (an HC's /referral-patients). */
export async function countVisibleReferredPatients(db: Db, actor: ScopeActor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(patientAccounts, eq(patientAccounts.userId, users.id))
    .where(
      and(
        activeUsersOf(MEMBERSHIP.patient),
        patientScope(actor),
        isNotNull(patientAccounts.referralHarvestCenterId),
      ),
    );
  return row.n;
}

/** The active harvest centers ('hc') or referral centers ('rhc') the caller sees. */
export async function countVisibleCenters(db: Db, actor: ScopeActor, kind: 'hc' | 'rhc'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(centerAccounts, eq(centerAccounts.userId, users.id))
    .where(
      kind === 'hc'
        ? and(activeUsersOf(MEMBERSHIP.harvestCenter), harvestCenterScope(actor))
        : and(activeUsersOf(MEMBERSHIP.referralHarvestCenter), referralCenterScope(actor)),
    );
  return row.n;
}

/** The active sales reps or managers the caller sees. */
export async function countVisibleSalesPeople(
  db: Db,
  actor: ScopeActor,
  kind: 'rep' | 'manager',
): Promise<number> {
  const membershipId = kind === 'rep' ? MEMBERSHIP.salesRep : MEMBERSHIP.salesManager;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(salesAccounts, eq(salesAccounts.userId, users.id))
    .where(and(activeUsersOf(membershipId), salesScope(actor, kind)));
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

/** A patient's own lab stage and vial totals (its dashboard). */
export async function findOwnStageAndVials(db: Db, patientId: number) {
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
