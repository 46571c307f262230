import {
  ADMIN_MEMBERSHIPS,
  LAB_MEMBERSHIPS,
  MEMBERSHIP,
  type MembershipId,
} from '@portal/shared/memberships';
import { type SQL, sql } from 'drizzle-orm';
import type { UserColumnRefs } from '../../db/account-lookups.ts';
import type { processingLabs } from '../../db/schema/accounts.ts';
import type { Actor } from '../../http/access.ts';

/** Who writes vials and reads lab accounts: admins and lab accounts (1 Lab, 11 Lab Access). */
export const LAB_AND_ADMINS: readonly MembershipId[] = [...ADMIN_MEMBERSHIPS, ...LAB_MEMBERSHIPS];

/** A lab account belongs to one processing lab (users.processing_lab_id). */
export function isLabAccount(actor: Actor): boolean {
  return (LAB_MEMBERSHIPS as readonly number[]).includes(actor.membershipId);
}

/**
 * Which processing labs the caller sees (docs/decisions/004-lab-route-access.md): admins all; a
 * lab account its own lab; a harvest center the lab it sends tissue to.
 */
export function processingLabScope(actor: Actor, t: typeof processingLabs): SQL {
  if (actor.isAdmin) return sql`true`;
  const own =
    isLabAccount(actor) || actor.membershipId === MEMBERSHIP.harvestCenter
      ? actor.user.processingLabId
      : null;
  return own === null ? sql`false` : sql`${t.id} = ${own}`;
}

/** Which lab accounts (GET /api/v1/users/lab/) the caller sees: admins all; a lab account its lab's. */
export function labAccountScope(actor: Actor, t: UserColumnRefs): SQL {
  if (actor.isAdmin) return sql`true`;
  const lab = isLabAccount(actor) ? actor.user.processingLabId : null;
  return lab === null ? sql`false` : sql`${t.processingLabId} = ${lab}`;
}
