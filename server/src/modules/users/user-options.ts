import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import type { TUserOption } from '@portal/shared/select-options';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { userSearchCondition } from './user-list.ts';

/** The option lists of select-search fields, by path segment under /api/v1/options/. */
export const USER_OPTION_LISTS = {
  'sales-reps': MEMBERSHIP.salesRep,
  'sales-managers': MEMBERSHIP.salesManager,
  'sales-distributors': MEMBERSHIP.salesDistributor,
  'harvest-centers': MEMBERSHIP.harvestCenter,
  'referral-harvest-centers': MEMBERSHIP.referralHarvestCenter,
  patients: MEMBERSHIP.patient,
} as const satisfies Record<string, MembershipId>;

/** Centers are known by their company; people by their name. */
const LABELLED_BY_COMPANY: readonly number[] = [MEMBERSHIP.harvestCenter, MEMBERSHIP.referralHarvestCenter];

/** Active users of one membership as select options, sorted by label, optionally searched. */
export async function listUserOptions(
  db: Db,
  membershipId: MembershipId,
  query: { search?: string; limit: number; offset?: number },
  /** A white-label admin's lists hold its domain's accounts only. */
  domainId: number | null,
): Promise<TUserOption[]> {
  const byCompany = LABELLED_BY_COMPANY.includes(membershipId);
  const name = personNameSql(users);
  const label = byCompany
    ? sql<string>`coalesce(nullif(${users.company}, ''), ${name}, ${users.email})`
    : sql<string>`coalesce(${name}, ${users.email})`;
  const term = query.search?.trim();
  const rows = await db
    .select({
      value: users.id,
      label,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.membershipId, membershipId),
        eq(users.isActive, true),
        domainId === null ? undefined : eq(users.domainId, domainId),
        term ? userSearchCondition(term) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${label})`), asc(users.id))
    .limit(query.limit)
    .offset(query.offset ?? 0);
  return rows;
}
