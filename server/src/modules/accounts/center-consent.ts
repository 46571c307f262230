import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';

/**
 * Who works for a harvest center and who joins it is the center's own consent: its own session (or
 * an admin's, Login As included), never a staff member acting as the center ("Access to this HC"),
 * who could otherwise let in whom the center never saw, or push out colleagues it chose. One rule
 * for deciding join requests, renewing the join link and removing staff.
 */
export function isCentersOwnDecision(actor: Actor, harvestCenterId: number): boolean {
  if (actor.isAdmin) return true;
  return (
    actor.membershipId === MEMBERSHIP.harvestCenter &&
    actor.id === harvestCenterId &&
    actor.session.kind !== 'staff_access'
  );
}
