import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';
import { isInCallersDomain } from '../accounts/roles.ts';

/** "Remove from team": a manager removes its own reps, a distributor its own managers; admins any. */
export function canRemoveRepFromTeam(
  actor: Actor,
  rep: { salesManagerId: number | null; domainId: number | null },
): boolean {
  if (actor.isAdmin) return isInCallersDomain(actor, rep);
  return actor.membershipId === MEMBERSHIP.salesManager && rep.salesManagerId === actor.id;
}

export function canRemoveManagerFromTeam(
  actor: Actor,
  manager: { salesDistributorId: number | null; domainId: number | null },
): boolean {
  if (actor.isAdmin) return isInCallersDomain(actor, manager);
  return actor.membershipId === MEMBERSHIP.salesDistributor && manager.salesDistributorId === actor.id;
}
