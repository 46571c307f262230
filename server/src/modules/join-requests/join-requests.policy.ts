import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';
import { isCentersOwnDecision } from '../accounts/center-consent.ts';

/** A center's join link and requests are read by the center (also through staff access) and admins. */
export function canReadCenterJoins(actor: Actor, harvestCenterId: number): boolean {
  return actor.isAdmin || (actor.membershipId === MEMBERSHIP.harvestCenter && actor.id === harvestCenterId);
}

/**
 * Deciding who joins a center, and renewing its link, is the center's own consent: its own session
 * (or an admin's, Login As included), never a staff member acting as the center, who could otherwise
 * let in whom the center never saw (the same rule removes staff: accounts/center-consent.ts).
 */
export function canDecideCenterJoins(actor: Actor, harvestCenterId: number): boolean {
  return isCentersOwnDecision(actor, harvestCenterId);
}
