import { MEMBERSHIP_NAMES, type MembershipId } from '@portal/shared/memberships';
import type { TNewSignUp } from '@portal/shared/sign-up';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { centerAccounts, hcStaffLinks, rhcHcLinks } from '../../db/schema/account-links.ts';
import { centerJoinRequests, users } from '../../db/schema/accounts.ts';

const rep = alias(users, 'rep');
/** The harvest centers a staff member or an RHC is linked with or asked to join, by company. */
const linkedCenters = sql<string | null>`(
  SELECT string_agg(coalesce(nullif(lc.company, ''), lc.email), ', ' ORDER BY lc.company)
  FROM ${users} lc
  WHERE lc.id IN (
    SELECT ${hcStaffLinks.harvestCenterId} FROM ${hcStaffLinks} WHERE ${hcStaffLinks.staffId} = ${users.id}
    UNION
    SELECT ${rhcHcLinks.harvestCenterId} FROM ${rhcHcLinks} WHERE ${rhcHcLinks.rhcId} = ${users.id}
    UNION
    SELECT ${centerJoinRequests.harvestCenterId} FROM ${centerJoinRequests} WHERE ${centerJoinRequests.requesterId} = ${users.id}
  )
)`;

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
  const where = and(eq(users.selfSignup, true), domainId === null ? undefined : eq(users.domainId, domainId));
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      membershipId: users.membershipId,
      dateJoined: users.dateJoined,
      emailConfirmedAt: users.emailConfirmedAt,
      isActive: users.isActive,
      repName: personNameSql(rep),
      centers: linkedCenters,
    })
    .from(users)
    .leftJoin(centerAccounts, eq(centerAccounts.userId, users.id))
    .leftJoin(rep, eq(rep.id, centerAccounts.salesRepId))
    .where(where)
    .orderBy(desc(users.dateJoined), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    count: total?.n ?? 0,
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
