import { MEMBERSHIP_NAMES, type MembershipId } from '@portal/shared/memberships';
import type { TNewSignUp } from '@portal/shared/sign-up';
import type { Db } from '../../db/client.ts';
import { findNewSignUpsPage } from './new-sign-ups.repository.ts';

/**
 * GET /api/admin/sign-ups/: accounts made through the public forms, newest first (the admin
 * dashboard's "New sign-ups", with the rep or center each came through).
 */
export async function listNewSignUps(
  db: Db,
  query: { limit: number; offset: number },
  /** A white-label admin's: its domain's sign-ups only. */
  domainId: number | null,
) {
  const { count, rows } = await findNewSignUpsPage(db, query, domainId);
  return {
    count,
    results: rows.map(
      (r): TNewSignUp => ({
        id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim() || r.email,
        email: r.email,
        subscription: r.membershipId,
        role: MEMBERSHIP_NAMES[r.membershipId as MembershipId] ?? String(r.membershipId),
        date_joined: r.dateJoined.toISOString(),
        email_confirmed: r.emailConfirmedAt !== null,
        is_active: r.isActive,
        linked_to: [r.repName && `Sales rep ${r.repName}`, r.centers].filter(Boolean).join('; ') || null,
      }),
    ),
  };
}
