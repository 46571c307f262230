import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transactionCounts, transactions } from '../../db/schema/commerce.ts';

/** The columns whose per-value totals transaction_counts keeps (migration 0006), by dimension name. */
export const COUNTED_COLUMNS = {
  product: transactions.productId,
  sales_rep: transactions.salesRepId,
  sales_manager: transactions.salesManagerId,
  sales_distributor: transactions.salesDistributorId,
  harvest_center: transactions.harvestCenterId,
  referral_harvest_center: transactions.referralHarvestCenterId,
  patient: transactions.patientId,
} as const;
export type CountedDimension = keyof typeof COUNTED_COLUMNS;

/** `column = id` on a counted column: a condition whose total is read, not counted. */
export type KeyedEquality = { dimension: CountedDimension; id: number };

/**
 * A report's WHERE in two parts: equalities on counted columns (a team scope, a picker's filter)
 * and every other condition (dates, search, a party's own scope).
 */
export type ReportWhere = { equalities: KeyedEquality[]; others: SQL[] };

export const EVERY_ROW: ReportWhere = { equalities: [], others: [] };

export function mergeWhere(...parts: ReportWhere[]): ReportWhere {
  return {
    equalities: parts.flatMap((part) => part.equalities),
    others: parts.flatMap((part) => part.others),
  };
}

export function whereConditions(where: ReportWhere): SQL[] {
  return [
    ...where.equalities.map(({ dimension, id }) => eq(COUNTED_COLUMNS[dimension], id)),
    ...where.others,
  ];
}

export type CountedKey = { dimension: CountedDimension | 'all'; key: number };

/**
 * The row of transaction_counts that holds this WHERE's total: every row ('all') when there is no
 * condition, the value's row when the only condition is one equality (a distributor's scope and
 * the same distributor's filter count once); null when the rows must be counted.
 */
export function countedKeyOf(where: ReportWhere): CountedKey | null {
  if (where.others.length > 0) return null;
  const distinct = new Map(where.equalities.map((e) => [`${e.dimension}:${e.id}`, e]));
  if (distinct.size === 0) return { dimension: 'all', key: 0 };
  if (distinct.size > 1) return null;
  const [only] = distinct.values();
  return { dimension: only.dimension, key: only.id };
}

/** The count query a WHERE needs; null when transaction_counts holds the total. */
export function countQuery(db: Db, where: ReportWhere) {
  if (countedKeyOf(where)) return null;
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(transactions)
    .where(and(...whereConditions(where)));
}

/** How many transactions a WHERE matches: read from transaction_counts when it can be, else counted. */
export async function countTransactions(db: Db, where: ReportWhere): Promise<number> {
  const query = countQuery(db, where);
  if (query) {
    const [counted] = await query;
    return counted?.n ?? 0;
  }
  const key = countedKeyOf(where) as CountedKey;
  const [row] = await db
    .select({ total: transactionCounts.total })
    .from(transactionCounts)
    .where(and(eq(transactionCounts.dimension, key.dimension), eq(transactionCounts.key, key.key)));
  return row?.total ?? 0;
}
