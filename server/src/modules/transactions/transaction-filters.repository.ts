import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TTransactionFilters } from '@portal/shared/transactions';
import { eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { intArray } from '../../db/int-array.ts';
import { containsPattern } from '../../db/like.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { products } from '../../db/schema/vials.ts';
import type { CountedDimension, KeyedEquality, ReportWhere } from './transaction-counts.repository.ts';

const qb = new QueryBuilder();
const t = transactions;

/** 'YYYY-MM-DD' as the UTC midnight it starts with. */
function dayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

function nextDayStart(isoDate: string): Date {
  const start = dayStart(isoDate);
  return new Date(start.getTime() + 24 * 60 * 60 * 1000);
}

/** Past this many matching accounts a search is too broad to list ids: it stays a sub-query. */
export const SEARCH_ID_LIMIT = 5000;

/** The accounts and products a search term names, found first so the planner sees their ids. */
export type SearchMatches = {
  term: string;
  /** By membership; null when the term matches too many accounts to list. */
  userIds: Map<number, number[]> | null;
  productIds: number[];
};

export async function findSearchMatches(db: Db, term: string): Promise<SearchMatches> {
  const pattern = containsPattern(term);
  const userRows = await db
    .select({ id: users.id, membershipId: users.membershipId })
    .from(users)
    .where(sql`${users.searchText} like ${pattern}`)
    .limit(SEARCH_ID_LIMIT + 1);
  const productRows = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`lower(${products.name}) like ${pattern}`);
  return {
    term,
    userIds: userRows.length > SEARCH_ID_LIMIT ? null : groupByMembership(userRows),
    productIds: productRows.map((row) => row.id),
  };
}

function groupByMembership(rows: { id: number; membershipId: number }[]): Map<number, number[]> {
  const byMembership = new Map<number, number[]>();
  for (const row of rows)
    byMembership.set(row.membershipId, [...(byMembership.get(row.membershipId) ?? []), row.id]);
  return byMembership;
}

/** Which account type each party column holds: a search only asks a column for its own kind. */
const PARTY_COLUMNS: [AnyPgColumn, number][] = [
  [t.harvestCenterId, MEMBERSHIP.harvestCenter],
  [t.referralHarvestCenterId, MEMBERSHIP.referralHarvestCenter],
  [t.patientId, MEMBERSHIP.patient],
  [t.salesRepId, MEMBERSHIP.salesRep],
  [t.salesManagerId, MEMBERSHIP.salesManager],
  [t.salesDistributorId, MEMBERSHIP.salesDistributor],
  [t.hcStaffId, MEMBERSHIP.hcStaff],
];

/**
 * The search box: a party's name, e-mail or company (users.search_text, trigram-indexed), the
 * product's name, the coupon code, or the transaction's id or invoice number. The matching ids are
 * looked up first and each arm is `indexed column = ANY(ids)`, so PostgreSQL plans a BitmapOr of
 * index scans, for the page and for its count, instead of reading the table (an ARRAY(sub-query)
 * has no size the planner can see). A term matching more than SEARCH_ID_LIMIT accounts is broad
 * enough that reading most of the table is the right plan; it stays a sub-query.
 */
function searchCondition(matches: SearchMatches): SQL {
  const { term, userIds } = matches;
  const arms: SQL[] = [sql`lower(${t.couponCodeUsed}) = ${term.toLowerCase()} and ${t.couponCodeUsed} <> ''`];
  for (const [column, membershipId] of PARTY_COLUMNS) {
    if (userIds === null) {
      const matching = qb
        .select({ id: users.id })
        .from(users)
        .where(
          sql`${users.membershipId} = ${membershipId} and ${users.searchText} like ${containsPattern(term)}`,
        );
      arms.push(sql`${column} = ANY(ARRAY(${matching}))`);
    } else {
      // Only the accounts of the column's own kind: fewer ids, and estimates the planner can trust.
      const ids = userIds.get(membershipId) ?? [];
      if (ids.length > 0) arms.push(sql`${column} = ANY(${intArray(ids)})`);
    }
  }
  if (matches.productIds.length > 0) {
    arms.push(sql`${t.productId} = ANY(${intArray(matches.productIds)})`);
  }
  if (/^\d{1,10}$/.test(term) && Number(term) <= 2_147_483_647) {
    arms.push(eq(t.id, Number(term)), eq(t.invoiceId, Number(term)));
  }
  return or(...arms) as SQL;
}

/** Each id filter and the counted column it narrows. */
const ID_FILTERS = {
  sales_rep_id: 'sales_rep',
  sales_manager_id: 'sales_manager',
  sales_distributor_id: 'sales_distributor',
  harvest_center_id: 'harvest_center',
  referral_harvest_center_id: 'referral_harvest_center',
  product_id: 'product',
  patient_id: 'patient',
} as const satisfies Partial<Record<keyof TTransactionFilters, CountedDimension>>;

/** The report's filters (part 2 §7) as a WHERE; dates are whole UTC days, both ends included. */
export function transactionFilterWhere(
  filters: Omit<TTransactionFilters, 'search'>,
  search: SearchMatches | null = null,
): ReportWhere {
  const others: SQL[] = [];
  if (search) others.push(searchCondition(search));
  if (filters.date_after) others.push(gte(t.createdAt, dayStart(filters.date_after)));
  if (filters.date_before) others.push(lt(t.createdAt, nextDayStart(filters.date_before)));
  const equalities: KeyedEquality[] = [];
  for (const [field, dimension] of Object.entries(ID_FILTERS) as [
    keyof typeof ID_FILTERS,
    CountedDimension,
  ][]) {
    const id = filters[field];
    if (id !== undefined) equalities.push({ dimension, id });
  }
  return { equalities, others };
}

/** One transaction, by its id. */
export function transactionIdWhere(id: number): ReportWhere {
  return { equalities: [], others: [eq(t.id, id)] };
}
