import { MEMBERSHIP } from '@portal/shared/memberships';
import { type SQL, sql } from 'drizzle-orm';
import type { UserColumnRefs } from '../../db/account-lookups.ts';
import type { Actor } from '../../http/access.ts';

/** A staff member's list of harvest centers: the staff member and admins. */
export function canViewStaffHarvestCenters(actor: Actor, staffId: number): boolean {
  return actor.isAdmin || (actor.membershipId === MEMBERSHIP.hcStaff && actor.id === staffId);
}

/**
 * Whose staff list (rows of `t`, harvest centers) the caller may read: admins any HC's, an HC its
 * own, a staff member those of the HCs they work for.
 */
export function staffListScope(actor: Actor, t: UserColumnRefs): SQL {
  if (actor.isAdmin) return sql`true`;
  switch (actor.membershipId) {
    case MEMBERSHIP.harvestCenter:
      return sql`${t.id} = ${actor.id}`;
    case MEMBERSHIP.hcStaff:
      return sql`${t.id} IN (SELECT s.harvest_center_id FROM hc_staff_links s WHERE s.staff_id = ${actor.id})`;
    default:
      return sql`false`;
  }
}
