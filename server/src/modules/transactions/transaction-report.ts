import type {
  TTransactionFilters,
  TTransactionListQuery,
  TTransactionPage,
  TTransactionRow,
} from '@portal/shared/transactions';
import { TRANSACTION_TEXTS } from '@portal/shared/transactions';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { findPage } from '../../db/paging.ts';
import { transactionCounts, transactions } from '../../db/schema/commerce.ts';
import type { Actor } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { findSearchMatches, transactionFilterConditions } from './transaction-filters.ts';
import { NEWEST_FIRST, notesOf, reportRowsByIds, toTransactionRow } from './transaction-rows.ts';
import { transactionScope } from './transaction-scope.ts';

/** The caller's scope, the report's filters and an optional target, as one WHERE; 403 without a scope. */
export async function reportConditions(
  db: Db,
  actor: Actor,
  filters: TTransactionFilters,
  extra: SQL[] = [],
): Promise<SQL[]> {
  const scope = transactionScope(actor);
  if (scope === null) throw forbidden();
  const term = filters.search?.trim();
  const search = term ? await findSearchMatches(db, term) : null;
  return [...(scope === true ? [] : [scope]), ...extra, ...transactionFilterConditions(filters, search)];
}

/**
 * The report's two queries, as built for a caller and filters: the ids of the rows and, unless
 * the whole table is asked for (its total is kept by triggers), the count. The plan test
 * (transaction-plans.test.ts) explains exactly these.
 */
export function reportQueries(db: Db, conditions: SQL[]) {
  return {
    /** The matching ids, ordered, not yet paged: findPage adds limit and offset. */
    ids: db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(...conditions))
      .orderBy(...NEWEST_FIRST),
    count:
      conditions.length === 0
        ? null
        : db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(transactions)
            .where(and(...conditions)),
  };
}

async function countTransactions(db: Db, conditions: SQL[]): Promise<number> {
  const { count } = reportQueries(db, conditions);
  if (count === null) {
    const [row] = await db.select({ total: transactionCounts.total }).from(transactionCounts);
    return Number(row?.total ?? 0);
  }
  const [row] = await count;
  return row?.n ?? 0;
}

/**
 * One page of the report, newest first, paged by limit and offset in SQL. The total is counted
 * by its own query only when the page cannot tell it (a window count would read every matching
 * row through seven joins).
 */
export async function listTransactions(
  db: Db,
  actor: Actor,
  query: TTransactionListQuery,
  extra: SQL[] = [],
): Promise<TTransactionPage> {
  const conditions = await reportConditions(db, actor, query, extra);
  const page = await findPage(
    () => reportQueries(db, conditions).ids,
    { limit: query.limit, offset: query.offset },
    { count: () => countTransactions(db, conditions) },
  );
  const ids = page.rows.map((row) => row.id);
  const [rows, notes] = [await reportRowsByIds(db, ids), await notesOf(db, ids)];
  return {
    count: page.count,
    results: rows.map((row) => toTransactionRow(row, notes.get(row.id) ?? [])),
  };
}

/** One transaction the caller may see, with its notes; 404 when it does not exist or is out of scope. */
export async function getTransaction(db: Db, actor: Actor, id: number): Promise<TTransactionRow> {
  const conditions = await reportConditions(db, actor, {}, [eq(transactions.id, id)]);
  const [visible] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...conditions));
  const [row] = visible ? await reportRowsByIds(db, [visible.id]) : [];
  if (!row) throw notFound(TRANSACTION_TEXTS.notFound);
  const notes = await notesOf(db, [row.id]);
  return toTransactionRow(row, notes.get(row.id) ?? []);
}

/** The newest transaction id the caller sees (the spec's get-last-id); null when there is none. */
export async function lastTransactionId(db: Db, actor: Actor): Promise<number | null> {
  const conditions = await reportConditions(db, actor, {});
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.id))
    .limit(1);
  return row?.id ?? null;
}
