import { MEMBERSHIP } from '@portal/shared/memberships';
import { type SQL, sql } from 'drizzle-orm';
import type { UserColumnRefs } from '../../db/account-lookups.ts';
import type { Actor } from '../../http/access.ts';
import { isLabAccount } from '../labs/labs.policy.ts';
import { isTeamRep, teamHeadOf } from '../sales-teams/sales-teams.policy.ts';

const TRUE = sql`true`;
const FALSE = sql`false`;

/**
 * Which harvest centers (rows of `t`, membership 4) the caller sees:
 * - admins: all;
 * - a lab account: the HCs of its processing lab (t.processing_lab_id);
 * - an HC: itself; an RHC: the HCs it is associated with; HC staff: the HCs they work for;
 * - a sales rep: its HCs; a manager / distributor: the HCs of its team's reps;
 * - a patient: none (its own HC comes with its record).
 */
export function harvestCenterScope(actor: Actor, t: UserColumnRefs): SQL {
  if (actor.isAdmin) return TRUE;
  if (isLabAccount(actor)) {
    return actor.user.processingLabId === null
      ? FALSE
      : sql`${t.processingLabId} = ${actor.user.processingLabId}`;
  }
  const team = teamHeadOf(actor);
  if (team) return isTeamRep(t.salesRepId, team);
  switch (actor.membershipId) {
    case MEMBERSHIP.harvestCenter:
      return sql`${t.id} = ${actor.id}`;
    case MEMBERSHIP.referralHarvestCenter:
      return sql`${t.id} IN (SELECT l.harvest_center_id FROM rhc_hc_links l WHERE l.rhc_id = ${actor.id})`;
    case MEMBERSHIP.hcStaff:
      return sql`${t.id} IN (SELECT s.harvest_center_id FROM hc_staff_links s WHERE s.staff_id = ${actor.id})`;
    default:
      return FALSE;
  }
}

/**
 * Which referral harvest centers (rows of `t`, membership 5) the caller sees: admins all; an RHC
 * itself; an HC the RHCs associated with it; sales roles their team's RHCs; nobody else.
 */
export function referralCenterScope(actor: Actor, t: UserColumnRefs): SQL {
  if (actor.isAdmin) return TRUE;
  const team = teamHeadOf(actor);
  if (team) return isTeamRep(t.salesRepId, team);
  switch (actor.membershipId) {
    case MEMBERSHIP.referralHarvestCenter:
      return sql`${t.id} = ${actor.id}`;
    case MEMBERSHIP.harvestCenter:
      return sql`${t.id} IN (SELECT l.rhc_id FROM rhc_hc_links l WHERE l.harvest_center_id = ${actor.id})`;
    default:
      return FALSE;
  }
}

/** Creating an HC account: admins, or a sales rep for itself (the public sign-up is separate). */
export function canCreateHarvestCenter(actor: Actor): boolean {
  return actor.isAdmin || actor.membershipId === MEMBERSHIP.salesRep;
}
