import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';
import { isCentersOwnDecision } from '../accounts/center-consent.ts';

/** A staff member's list of harvest centers: the staff member and admins. */
export function canViewStaffHarvestCenters(actor: Actor, staffId: number): boolean {
  return actor.isAdmin || (actor.membershipId === MEMBERSHIP.hcStaff && actor.id === staffId);
}

/**
 * Ending a staff member's work for a harvest center: the center itself in its own session, and admins
 * for any; never a staff member acting as the center (the rule that decides join requests).
 */
export function canRemoveStaffFromHarvestCenter(actor: Actor, harvestCenterId: number): boolean {
  return isCentersOwnDecision(actor, harvestCenterId);
}
