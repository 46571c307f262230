import type {
  TTransactionFilters,
  TTransactionListQuery,
  TTransactionPage,
  TTransactionRow,
} from '@portal/shared/transactions';
import { TRANSACTION_TEXTS } from '@portal/shared/transactions';
import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { findPage } from '../../db/paging.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import {
  countQuery,
  countTransactions,
  EVERY_ROW,
  mergeWhere,
  type ReportWhere,
  whereConditions,
} from './transaction-counts.ts';
import { findSearchMatches, transactionFilterWhere } from './transaction-filters.ts';
import { NEWEST_FIRST, notesOf, reportRowsByIds, toTransactionRow } from './transaction-rows.ts';
import { type ReportTarget, targetWhere, transactionScope } from './transaction-scope.ts';

/**
 * What narrows a report beyond the caller's scope and filters: a sales member's target (a team's
 * report), or one transaction's id.
 */
export type ReportNarrowing = { target?: ReportTarget; id?: number };

/** The caller's scope, the report's filters and the narrowing, as one WHERE; 403 without a scope. */
export async function reportWhere(
  db: Db,
  actor: Actor,
  filters: TTransactionFilters,
  narrowing: ReportNarrowing = {},
): Promise<ReportWhere> {
  const scope = transactionScope(actor);
  if (scope === null) throw forbidden();
  const term = filters.search?.trim();
  const search = term ? await findSearchMatches(db, term) : null;
  return mergeWhere(
    scope,
    narrowing.target ? targetWhere(narrowing.target) : EVERY_ROW,
    narrowing.id !== undefined ? { equalities: [], others: [eq(transactions.id, narrowing.id)] } : EVERY_ROW,
    transactionFilterWhere(filters, search),
  );
}

/**
 * The report's two queries, as built for a caller and filters: the ids of the rows and, unless
 * transaction_counts holds the total (no condition, or a single team, party or product), the count.
 * The plan test (transaction-plans.test.ts) explains exactly these.
 */
export function reportQueries(db: Db, where: ReportWhere) {
  return {
    /** The matching ids, ordered, not yet paged: findPage adds limit and offset. */
    ids: db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(...whereConditions(where)))
      .orderBy(...NEWEST_FIRST),
    count: countQuery(db, where),
  };
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
  narrowing: ReportNarrowing = {},
): Promise<TTransactionPage> {
  const where = await reportWhere(db, actor, query, narrowing);
  const page = await findPage(
    () => reportQueries(db, where).ids,
    { limit: query.limit, offset: query.offset },
    { count: () => countTransactions(db, where) },
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
  const where = await reportWhere(db, actor, {}, { id });
  const [visible] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...whereConditions(where)));
  const [row] = visible ? await reportRowsByIds(db, [visible.id]) : [];
  if (!row) throw notFound(TRANSACTION_TEXTS.notFound);
  const notes = await notesOf(db, [row.id]);
  return toTransactionRow(row, notes.get(row.id) ?? []);
}

/** The newest transaction id the caller sees (the spec's get-last-id); null when there is none. */
export async function lastTransactionId(db: Db, actor: Actor): Promise<number | null> {
  const where = await reportWhere(db, actor, {});
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...whereConditions(where)))
    .orderBy(desc(transactions.id))
    .limit(1);
  return row?.id ?? null;
}
