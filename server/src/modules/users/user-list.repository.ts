import { ADMIN_MEMBERSHIPS, isAdminMembership } from '@portal/shared/memberships';
import {
  type TUserFilters,
  type TUserListQuery,
  type TUserSortField,
  USER_LIST_COUNT_CAP,
} from '@portal/shared/users';
import { and, asc, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage } from '../../db/paging.ts';
import { domains, users, userTagLinks } from '../../db/schema/accounts.ts';
import { selectAccounts } from '../accounts/account-view.repository.ts';
import { isPatientWithLabSampleId } from '../accounts/lab-sample-search.repository.ts';
import {
  toUserWithRelations,
  type UserWithRelations,
  type UserWithRelationsRow,
  userWithRelationsColumns,
} from './users.repository.ts';

/** `search_text LIKE '%term%'` (both lower-cased), also used by the option lists. */
export function userSearchCondition(term: string): SQL {
  return sql`${users.searchText} like ${containsPattern(term)}`;
}

/**
 * The WHERE of the admin user list, the inactive list and the CSV export. The search goes to the
 * generated, lower-cased users.search_text, whose trigram index serves `LIKE '%term%'`, or finds
 * the patient whose lab id (sample id at the lab) is the term.
 */
export function userFilterConditions(filters: TUserFilters): SQL | undefined {
  const term = filters.search?.trim();
  return and(
    // search_text is lower(...) of the columns; lowering the term with the same lower() keeps both
    // sides folded alike, and plain LIKE is served by the trigram index at a third of ILIKE's cost.
    term ? or(userSearchCondition(term), isPatientWithLabSampleId(term)) : undefined,
    filters.membership === undefined
      ? undefined
      : // Admin (7) and its twin (10) are one choice of the filter: "Admin" lists both.
        isAdminMembership(filters.membership)
        ? inArray(users.membershipId, [...ADMIN_MEMBERSHIPS])
        : eq(users.membershipId, filters.membership),
    filters.active !== undefined ? eq(users.isActive, filters.active) : undefined,
    filters.domain !== undefined ? eq(users.domainId, filters.domain) : undefined,
    filters.tag !== undefined
      ? sql`exists (select 1 from ${userTagLinks} where ${userTagLinks.userId} = ${users.id} and ${userTagLinks.tagId} = ${filters.tag})`
      : undefined,
  );
}

const SORT_COLUMNS: Record<TUserSortField, AnyPgColumn> = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  company: users.company,
  date_joined: users.dateJoined,
  last_login: users.lastLogin,
  membership: users.membershipId,
};

/** `-date_joined` → date_joined descending; ties broken by id in the same direction. */
export function userOrderBy(ordering: string): SQL[] {
  const descending = ordering.startsWith('-');
  const field = (descending ? ordering.slice(1) : ordering) as TUserSortField;
  const column = SORT_COLUMNS[field] ?? users.dateJoined;
  const direction = descending ? desc : asc;
  if (field === 'id') return [direction(users.id)];
  const nullable = field === 'last_login';
  const primary = nullable
    ? sql`${column} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`
    : direction(column);
  return [primary, direction(users.id)];
}

/** See USER_LIST_COUNT_CAP: the count stops there (a LIMIT inside the count). */
export const USER_COUNT_CAP = USER_LIST_COUNT_CAP;

export async function countUsers(db: Db, where: SQL | undefined, cap = USER_COUNT_CAP): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(users).where(where).limit(cap).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row.n;
}

/** One page of the admin user list (TUserListQuery: filters, ordering, page), with each user's relations. */
export async function findUserPage(
  db: Db,
  query: TUserListQuery,
): Promise<{ count: number; rows: UserWithRelations[] }> {
  const where = userFilterConditions(query);
  const { count, rows } = await findPage(
    () =>
      selectAccounts(db, userWithRelationsColumns)
        .leftJoin(domains, eq(domains.id, users.domainId))
        .where(where)
        .orderBy(...userOrderBy(query.ordering)),
    query,
    // The total over 100k users is the expensive part: counted only when needed, and capped.
    { count: () => countUsers(db, where) },
  );
  return { count, rows: rows.map((row) => toUserWithRelations(row as UserWithRelationsRow)) };
}

/** Keyset pages over the filtered users in id order, for exports that must not hold everything in memory. */
export async function selectUsersAfter(
  db: Db,
  filters: TUserFilters,
  afterId: number,
  batchSize: number,
): Promise<UserWithRelationsRow[]> {
  return selectAccounts(db, userWithRelationsColumns)
    .leftJoin(domains, eq(domains.id, users.domainId))
    .where(and(userFilterConditions(filters), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(batchSize) as Promise<UserWithRelationsRow[]>;
}
