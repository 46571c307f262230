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
import { findPage, offsetOf, type PagedShape, pagedBy } from '../../db/paging.ts';
import { type Arg, preparedQuery } from '../../db/prepared-query.ts';
import { domains, users, userTagLinks } from '../../db/schema/accounts.ts';
import { selectAccounts } from '../accounts/account-view.repository.ts';
import { isPatientWithLabSampleId } from '../accounts/lab-sample-search.repository.ts';
import {
  toUserWithRelations,
  type UserWithRelations,
  type UserWithRelationsRow,
  userWithRelationsColumns,
} from './users.repository.ts';

/** `search_text LIKE pattern`, the pattern from containsPattern (a value or its placeholder). */
function searchTextLike(pattern: Arg<string>): SQL {
  return sql`${users.searchText} like ${pattern}`;
}

/** `search_text LIKE '%term%'` (both lower-cased), also used by the option lists. */
export function userSearchCondition(term: string): SQL {
  return searchTextLike(containsPattern(term));
}

/** The user list's filters as the values of its query (each one either the value or its placeholder). */
type UserFilterArgs = {
  search?: { pattern: Arg<string>; labSampleId: Arg<string> };
  membership?: { admin: true } | { id: Arg<number> };
  active?: Arg<boolean>;
  domain?: Arg<number>;
  tag?: Arg<number>;
};

/** How a filter's value goes into the query: as itself, or recorded under its name behind a placeholder. */
type ArgOf = <T>(name: string, value: T) => Arg<T>;
const asItself: ArgOf = (_name, value) => value;

function userFilterArgs(filters: TUserFilters, arg: ArgOf = asItself): UserFilterArgs {
  const term = filters.search?.trim();
  return {
    search: term
      ? { pattern: arg('pattern', containsPattern(term)), labSampleId: arg('labSampleId', term) }
      : undefined,
    membership:
      filters.membership === undefined
        ? undefined
        : // Admin (7) and its twin (10) are one choice of the filter: "Admin" lists both.
          isAdminMembership(filters.membership)
          ? { admin: true }
          : { id: arg('membership', filters.membership) },
    active: filters.active === undefined ? undefined : arg('active', filters.active),
    domain: filters.domain === undefined ? undefined : arg('domain', filters.domain),
    tag: filters.tag === undefined ? undefined : arg('tag', filters.tag),
  };
}

/**
 * The WHERE of the admin user list, the inactive list and the CSV export. The search goes to the
 * generated, lower-cased users.search_text, whose trigram index serves `LIKE '%term%'`, or finds
 * the patient whose lab id (sample id at the lab) is the term.
 */
function userFilterConditions(args: UserFilterArgs): SQL | undefined {
  return and(
    // search_text is lower(...) of the columns; lowering the term with the same lower() keeps both
    // sides folded alike, and plain LIKE is served by the trigram index at a third of ILIKE's cost.
    args.search
      ? or(searchTextLike(args.search.pattern), isPatientWithLabSampleId(args.search.labSampleId))
      : undefined,
    args.membership === undefined
      ? undefined
      : 'admin' in args.membership
        ? inArray(users.membershipId, [...ADMIN_MEMBERSHIPS])
        : eq(users.membershipId, args.membership.id),
    args.active !== undefined ? eq(users.isActive, args.active) : undefined,
    args.domain !== undefined ? eq(users.domainId, args.domain) : undefined,
    args.tag !== undefined
      ? sql`exists (select 1 from ${userTagLinks} where ${userTagLinks.userId} = ${users.id} and ${userTagLinks.tagId} = ${args.tag})`
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

type UserPageShape = { filters: UserFilterArgs; ordering: string } & PagedShape;

/** One page of the filtered users, built once per shape (filters present, ordering). */
const selectUserPage = preparedQuery((db: Db, shape: UserPageShape) =>
  selectAccounts(db, userWithRelationsColumns)
    .leftJoin(domains, eq(domains.id, users.domainId))
    .where(userFilterConditions(shape.filters))
    .orderBy(...userOrderBy(shape.ordering))
    .limit(sql.placeholder('limit'))
    .offset(offsetOf(shape)),
);

/** The filtered users' number, stopped at USER_COUNT_CAP (a LIMIT inside the count). */
const countUserShape = preparedQuery((db: Db, filters: UserFilterArgs) => {
  const capped = db
    .select({ one: sql`1` })
    .from(users)
    .where(userFilterConditions(filters))
    .limit(sql.placeholder('cap'))
    .as('capped');
  return db.select({ n: count() }).from(capped);
});

async function countUsersWith(db: Db, filters: UserFilterArgs, values: Record<string, unknown>, cap: number) {
  const [row] = await countUserShape(db, filters, { ...values, cap });
  return row.n;
}

/** How many users match the filters, counting no further than `cap`. */
export function countUsers(db: Db, filters: TUserFilters, cap = USER_COUNT_CAP): Promise<number> {
  const { args, values } = userFilterPlaceholders(filters);
  return countUsersWith(db, args, values, cap);
}

/** The filters behind placeholders, and the values that go in them. */
function userFilterPlaceholders(filters: TUserFilters) {
  const values: Record<string, unknown> = {};
  const args = userFilterArgs(filters, (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  });
  return { args, values };
}

/** The WHERE of the user list with the values written in (the CSV export's batches, the bench's plans). */
export function userWhere(filters: TUserFilters): SQL | undefined {
  return userFilterConditions(userFilterArgs(filters));
}

/** One page of the admin user list (TUserListQuery: filters, ordering, page), with each user's relations. */
export async function findUserPage(
  db: Db,
  query: TUserListQuery,
): Promise<{ count: number; rows: UserWithRelations[] }> {
  const { args: filters, values } = userFilterPlaceholders(query);
  const shape = { filters, ordering: query.ordering };
  const { count, rows } = await findPage(
    () => pagedBy((page, paging) => selectUserPage(db, { ...shape, ...paging }, { ...values, ...page })),
    query,
    // The total over 100k users is the expensive part: counted only when needed, and capped.
    { count: () => countUsersWith(db, filters, values, USER_COUNT_CAP) },
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
    .where(and(userWhere(filters), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(batchSize) as Promise<UserWithRelationsRow[]>;
}
