import { ADMIN_MEMBERSHIPS, MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { UserColumnRefs } from '../../db/account-lookups.ts';
import type { Actor } from '../../http/access.ts';

/** A rep id: a column, or raw SQL naming a column of a sub-query alias. */
type RepIdExpression = AnyColumn | SQL;

/** A sales team by its head: a rep alone, a manager's reps, a distributor's managers' reps. */
export type TeamHead = { kind: 'rep' | 'manager' | 'distributor'; id: number };

export const SALES_MEMBERSHIPS: readonly MembershipId[] = [
  MEMBERSHIP.salesRep,
  MEMBERSHIP.salesManager,
  MEMBERSHIP.salesDistributor,
];
export const SALES_AND_ADMINS: readonly MembershipId[] = [...ADMIN_MEMBERSHIPS, ...SALES_MEMBERSHIPS];

const TRUE = sql`true`;
const FALSE = sql`false`;

export function teamHeadOf(actor: Actor): TeamHead | null {
  switch (actor.membershipId) {
    case MEMBERSHIP.salesRep:
      return { kind: 'rep', id: actor.id };
    case MEMBERSHIP.salesManager:
      return { kind: 'manager', id: actor.id };
    case MEMBERSHIP.salesDistributor:
      return { kind: 'distributor', id: actor.id };
    default:
      return null;
  }
}

/**
 * `column` (a rep id) is one of the team's reps. The team is read from the reps' current links
 * (rep → manager → distributor), so a rep removed from a team stops showing at once. A
 * distributor's reps are those of its managers, plus reps linked to it directly. `= ANY(ARRAY(…))`
 * keeps the condition indexable (see patientScope).
 */
export function isTeamRep(column: RepIdExpression, team: TeamHead): SQL {
  switch (team.kind) {
    case 'rep':
      return sql`${column} = ${team.id}`;
    case 'manager':
      return sql`${column} = ANY(ARRAY(SELECT r.id FROM users r WHERE r.membership_id = ${MEMBERSHIP.salesRep} AND r.sales_manager_id = ${team.id}))`;
    case 'distributor':
      return sql`${column} = ANY(ARRAY(SELECT r.id FROM users r WHERE r.membership_id = ${MEMBERSHIP.salesRep} AND (r.sales_distributor_id = ${team.id} OR r.sales_manager_id IN (SELECT m.id FROM users m WHERE m.membership_id = ${MEMBERSHIP.salesManager} AND m.sales_distributor_id = ${team.id}))))`;
  }
}

/**
 * Which sales reps (rows of `t`) the caller sees: admins all; a rep itself; a manager its reps; a
 * distributor its team's reps; any other account only its own rep (e.g. an HC looking up the rep
 * its orders need).
 */
export function salesRepScope(actor: Actor, t: UserColumnRefs): SQL {
  if (actor.isAdmin) return TRUE;
  const team = teamHeadOf(actor);
  if (team) return isTeamRep(t.id, team);
  return actor.user.salesRepId === null ? FALSE : sql`${t.id} = ${actor.user.salesRepId}`;
}

/** Sales managers: admins all; a manager itself; a distributor its managers; a rep its own manager. */
export function salesManagerScope(actor: Actor, t: UserColumnRefs): SQL {
  if (actor.isAdmin) return TRUE;
  switch (actor.membershipId) {
    case MEMBERSHIP.salesManager:
      return sql`${t.id} = ${actor.id}`;
    case MEMBERSHIP.salesDistributor:
      return sql`${t.salesDistributorId} = ${actor.id}`;
    case MEMBERSHIP.salesRep:
      return actor.user.salesManagerId === null ? FALSE : sql`${t.id} = ${actor.user.salesManagerId}`;
    default:
      return FALSE;
  }
}

/** Sales distributors: admins all; a distributor itself; a manager or rep its own distributor. */
export function salesDistributorScope(actor: Actor, t: UserColumnRefs): SQL {
  if (actor.isAdmin) return TRUE;
  switch (actor.membershipId) {
    case MEMBERSHIP.salesDistributor:
      return sql`${t.id} = ${actor.id}`;
    case MEMBERSHIP.salesManager:
    case MEMBERSHIP.salesRep:
      return actor.user.salesDistributorId === null ? FALSE : sql`${t.id} = ${actor.user.salesDistributorId}`;
    default:
      return FALSE;
  }
}

/** "Remove from team": a manager removes its own reps, a distributor its own managers; admins any. */
export function canRemoveRepFromTeam(actor: Actor, rep: { salesManagerId: number | null }): boolean {
  return actor.isAdmin || (actor.membershipId === MEMBERSHIP.salesManager && rep.salesManagerId === actor.id);
}

export function canRemoveManagerFromTeam(
  actor: Actor,
  manager: { salesDistributorId: number | null },
): boolean {
  return (
    actor.isAdmin ||
    (actor.membershipId === MEMBERSHIP.salesDistributor && manager.salesDistributorId === actor.id)
  );
}
