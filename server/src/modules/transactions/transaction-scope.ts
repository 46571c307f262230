import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TransactionReportKind } from '@portal/shared/transactions';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import { findAccount } from '../accounts/account-view.repository.ts';
import { assertAdminReaches } from '../accounts/lookups.ts';
import { teamHeadOf } from '../accounts/roles.ts';
import { salesTeamOfRep } from '../accounts/sales-chain.repository.ts';
import type { ReportWhere } from './transaction-counts.repository.ts';

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
    const manager = await findAccount(db, target.id, [MEMBERSHIP.salesManager]);
    head = manager ? { salesManagerId: null, salesDistributorId: manager.salesDistributorId } : undefined;
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
