import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TransactionReportKind } from '@portal/shared/transactions';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { hcStaffLinks, salesAccounts } from '../../db/schema/account-links.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { forbidden } from '../../errors/app-error.ts';
import { salesTeamOfRep } from '../accounts/buyers.ts';
import { assertAdminReaches } from '../accounts/lookups.ts';
import { teamHeadOf } from '../accounts/roles.ts';
import { inAdminReach } from '../accounts/scopes.ts';
import { EVERY_ROW, type ReportWhere } from './transaction-counts.ts';

const qb = new QueryBuilder();

/**
 * Which transactions a caller sees, as a WHERE; every row for admins, null for none.
 *
 * The sales roles see by the team written on each transaction when it was sold (rep, manager and
 * distributor are copied at checkout from the accounts core's links): a rep's past sales stay in
 * the team that earned them when the rep later moves, and a manager never sees another manager's
 * team, past or present (docs/decisions/020-transaction-reports-and-commissions.md). The parties
 * of a sale (buyer, its HC or RHC, its patient, the HC's staff) see it as well.
 */
export function transactionScope(actor: Actor): ReportWhere | null {
  const t = transactions;
  const only = (condition: SQL | undefined): ReportWhere => ({ equalities: [], others: [condition as SQL] });
  // A white-label admin: the sales its domain's accounts paid for (docs/decisions/023).
  if (actor.isAdmin) return actor.domainId === null ? EVERY_ROW : only(inAdminReach(actor, t.buyerUserId));
  switch (actor.membershipId) {
    case MEMBERSHIP.salesRep:
      return { equalities: [{ dimension: 'sales_rep', id: actor.id }], others: [] };
    case MEMBERSHIP.salesManager:
      return { equalities: [{ dimension: 'sales_manager', id: actor.id }], others: [] };
    case MEMBERSHIP.salesDistributor:
      return { equalities: [{ dimension: 'sales_distributor', id: actor.id }], others: [] };
    case MEMBERSHIP.harvestCenter:
      return only(or(eq(t.harvestCenterId, actor.id), eq(t.buyerUserId, actor.id)));
    case MEMBERSHIP.referralHarvestCenter:
      return only(or(eq(t.referralHarvestCenterId, actor.id), eq(t.buyerUserId, actor.id)));
    case MEMBERSHIP.patient:
      return only(or(eq(t.patientId, actor.id), eq(t.buyerUserId, actor.id)));
    case MEMBERSHIP.hcStaff: {
      const centers = qb
        .select({ id: hcStaffLinks.harvestCenterId })
        .from(hcStaffLinks)
        .where(eq(hcStaffLinks.staffId, actor.id));
      return only(or(eq(t.hcStaffId, actor.id), sql`${t.harvestCenterId} = ANY(ARRAY(${centers}))`));
    }
    default:
      return null;
  }
}

/** The report a caller's exports and lists are shaped for (columns, file name). */
export function reportKindOf(actor: Actor): TransactionReportKind {
  if (actor.isAdmin) return 'admin';
  switch (actor.membershipId) {
    case MEMBERSHIP.salesRep:
      return 'sales_rep';
    case MEMBERSHIP.salesManager:
      return 'sales_manager';
    case MEMBERSHIP.salesDistributor:
      return 'sales_distributor';
    default:
      throw forbidden();
  }
}

/** A sales member's report target: `my-transactions` of a rep, `team-transactions` of a manager or distributor. */
export type ReportTarget = { level: 'rep' | 'manager' | 'distributor'; id: number };

/**
 * May the caller open the report of `target`? Admins any; a member its own; a manager the reps of
 * its team, a distributor the managers and reps of its teams, by the links as they are now. The
 * rows stay narrowed by the caller's scope besides, so a head only ever sees the sales it headed.
 */
export async function assertReportTarget(db: Db, actor: Actor, target: ReportTarget): Promise<void> {
  if (actor.isAdmin) return assertAdminReaches(db, actor, target.id);
  const ownLevel = teamHeadOf(actor)?.kind;
  if (ownLevel === target.level) {
    if (target.id !== actor.id) throw forbidden();
    return;
  }
  let head: { salesManagerId: number | null; salesDistributorId: number | null } | undefined;
  if (target.level === 'rep') {
    head = await salesTeamOfRep(db, target.id);
    if (head.salesManagerId === null && head.salesDistributorId === null) throw forbidden();
  } else if (target.level === 'manager') {
    const [row] = await db
      .select({ salesDistributorId: salesAccounts.salesDistributorId })
      .from(salesAccounts)
      .where(
        and(eq(salesAccounts.userId, target.id), eq(salesAccounts.membershipId, MEMBERSHIP.salesManager)),
      );
    head = row ? { salesManagerId: null, salesDistributorId: row.salesDistributorId } : undefined;
  }
  const heads =
    (ownLevel === 'manager' && target.level === 'rep' && head?.salesManagerId === actor.id) ||
    (ownLevel === 'distributor' && target.level !== 'distributor' && head?.salesDistributorId === actor.id);
  if (!heads) throw forbidden();
}

/** The rows of a target's report: those its level's column names it on. */
export function targetWhere(target: ReportTarget): ReportWhere {
  const dimension = (
    { rep: 'sales_rep', manager: 'sales_manager', distributor: 'sales_distributor' } as const
  )[target.level];
  return { equalities: [{ dimension, id: target.id }], others: [] };
}
