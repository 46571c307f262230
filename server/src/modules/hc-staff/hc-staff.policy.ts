import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';

/** A staff member's list of harvest centers: the staff member and admins. */
export function canViewStaffHarvestCenters(actor: Actor, staffId: number): boolean {
  return actor.isAdmin || (actor.membershipId === MEMBERSHIP.hcStaff && actor.id === staffId);
}

/** Ending a staff member's work for a harvest center: the center itself, and admins for any. */
export function canRemoveStaffFromHarvestCenter(actor: Actor, harvestCenterId: number): boolean {
  return actor.isAdmin || (actor.membershipId === MEMBERSHIP.harvestCenter && actor.id === harvestCenterId);
}
