import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';

/** Creating an HC account: admins, or a sales rep for itself (the public sign-up is separate). */
export function canCreateHarvestCenter(actor: Actor): boolean {
  return actor.isAdmin || actor.membershipId === MEMBERSHIP.salesRep;
}
