import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../http/access.ts';

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
