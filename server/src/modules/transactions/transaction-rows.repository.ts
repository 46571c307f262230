import { describeTransactionChanges, partyIdsOf } from '@portal/shared/transaction-notes';
import type { TTransactionNote } from '@portal/shared/transactions';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { intArrayLiteral } from '../../db/int-array.ts';
import { personNameSql } from '../../db/person-name.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactionNotes, transactions } from '../../db/schema/commerce.ts';
import { countQuery, type ReportWhere, whereConditions } from './transaction-counts.repository.ts';

const t = transactions;
const hc = alias(users, 'hc');
const rhc = alias(users, 'rhc');
const patient = alias(users, 'patient');
const staff = alias(users, 'staff');
const rep = alias(users, 'rep');
const manager = alias(users, 'manager');
const distributor = alias(users, 'distributor');
const author = alias(users, 'author');

type Person = { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn; company: AnyPgColumn };

function personName(person: Person): SQL<string> {
  return sql<string>`coalesce(${personNameSql(person)}, ${person.email}, '')`;
}

function centerName(person: Person): SQL<string> {
  return sql<string>`coalesce(nullif(${person.company}, ''), ${personNameSql(person)}, ${person.email}, '')`;
}

/** The columns of a report row, parties named by a join on their primary keys. */
const ROW_COLUMNS = {
  id: t.id,
  invoiceId: t.invoiceId,
  createdAt: t.createdAt,
  harvestCenterId: t.harvestCenterId,
  hcName: centerName(hc),
  referralHarvestCenterId: t.referralHarvestCenterId,
  rhcName: centerName(rhc),
  hcStaffName: personName(staff),
  patientId: t.patientId,
  patientName: personName(patient),
  salesRepId: t.salesRepId,
  salesRepName: personName(rep),
  salesManagerId: t.salesManagerId,
  salesManagerName: personName(manager),
  salesDistributorId: t.salesDistributorId,
  salesDistributorName: personName(distributor),
  productId: t.productId,
  productName: t.productName,
  quantity: t.quantity,
  amountCents: t.amountCents,
  couponCodeUsed: t.couponCodeUsed,
  discountCents: t.discountCents,
  commissionPaid: t.commissionPaid,
  repCommissionPaidAt: t.repCommissionPaidAt,
  managerCommissionPaidAt: t.managerCommissionPaidAt,
  distributorCommissionPaidAt: t.distributorCommissionPaidAt,
  repCommissionCents: t.repCommissionCents,
  managerCommissionCents: t.managerCommissionCents,
  distributorCommissionCents: t.distributorCommissionCents,
};

/** The report's select with its parties joined (see reportRowsByIds). */
function selectReportRows(db: Db) {
  return db
    .select(ROW_COLUMNS)
    .from(t)
    .leftJoin(hc, eq(hc.id, t.harvestCenterId))
    .leftJoin(rhc, eq(rhc.id, t.referralHarvestCenterId))
    .leftJoin(staff, eq(staff.id, t.hcStaffId))
    .leftJoin(patient, eq(patient.id, t.patientId))
    .leftJoin(rep, eq(rep.id, t.salesRepId))
    .leftJoin(manager, eq(manager.id, t.salesManagerId))
    .leftJoin(distributor, eq(distributor.id, t.salesDistributorId));
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReportRows>['execute']>>[number];

/** Newest first; the id breaks ties so pages never overlap. */
export const NEWEST_FIRST = [desc(t.createdAt), desc(t.id)];

/**
 * The rows of some transactions, in the order of `ids`. A report finds its page's ids on the
 * transactions table alone, then joins the parties here: an eight-table join costs PostgreSQL
 * ~20 ms to plan and well under 1 ms to run, and this one statement, whatever the page, is planned
 * once per connection (its only parameter is the id array), where a query with the filters and
 * LIMIT in it would be planned anew every time. Built once (preparedQuery), the ids as one value.
 */
const selectReportRowsByIds = preparedQuery((db: Db) =>
  selectReportRows(db).where(sql`${t.id} = ANY(${sql.placeholder('ids')}::int[])`),
);

export async function reportRowsByIds(db: Db, ids: number[]): Promise<ReportRow[]> {
  if (ids.length === 0) return [];
  const rows = (await selectReportRowsByIds(db, null, { ids: intArrayLiteral(ids) })) as ReportRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is ReportRow => row !== undefined);
}

/** The names of the accounts notes mention (a center by its company), by id. */
async function partyNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: centerName(users) })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const selectNotesOf = preparedQuery((db: Db) =>
  db
    .select({
      id: transactionNotes.id,
      transactionId: transactionNotes.transactionId,
      note: transactionNotes.note,
      changes: transactionNotes.changes,
      createdAt: transactionNotes.createdAt,
      author: personName(author),
    })
    .from(transactionNotes)
    .leftJoin(author, eq(author.id, transactionNotes.authorUserId))
    .where(sql`${transactionNotes.transactionId} = ANY(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(transactionNotes.createdAt), asc(transactionNotes.id)),
);

/** The notes of some transactions, oldest first, with their authors' names and what each changed in words. */
export async function notesOf(db: Db, transactionIds: number[]): Promise<Map<number, TTransactionNote[]>> {
  const byTransaction = new Map<number, TTransactionNote[]>();
  if (transactionIds.length === 0) return byTransaction;
  const rows = await selectNotesOf(db, null, { ids: intArrayLiteral(transactionIds) });
  const names = await partyNames(db, [...new Set(rows.flatMap((row) => partyIdsOf(row.changes)))]);
  for (const row of rows) {
    const list = byTransaction.get(row.transactionId) ?? [];
    list.push({
      id: row.id,
      note: row.note,
      date: row.createdAt.toISOString(),
      author: row.author,
      changes: row.changes,
      summary: describeTransactionChanges(row.changes, names),
    });
    byTransaction.set(row.transactionId, list);
  }
  return byTransaction;
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
      .select({ id: t.id })
      .from(t)
      .where(and(...whereConditions(where)))
      .orderBy(...NEWEST_FIRST),
    count: countQuery(db, where),
  };
}

/** The id of the one transaction a WHERE (a scope and an id) matches, if any. */
export async function findMatchingTransactionId(db: Db, where: ReportWhere): Promise<number | undefined> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(...whereConditions(where)));
  return row?.id;
}

/** The highest transaction id a WHERE matches; null when none. */
export async function findLastTransactionId(db: Db, where: ReportWhere): Promise<number | null> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(...whereConditions(where)))
    .orderBy(desc(t.id))
    .limit(1);
  return row?.id ?? null;
}

/** Where an export's keyset walk stands: the last row's id and its exact creation time. */
export type ExportCursor = { id: number; cursorAt: string };

/** One batch of ids by keyset, after `after` in the (created_at, id) descending order, skipping `offset`. */
export async function findExportIdBatch(
  db: Db,
  where: ReportWhere,
  after: ExportCursor | null,
  batchSize: number,
  offset = 0,
): Promise<ExportCursor[]> {
  return await db
    .select({
      id: t.id,
      // The exact timestamp (microseconds) for the keyset; a JS Date keeps only milliseconds.
      cursorAt: sql<string>`${t.createdAt}::text`,
    })
    .from(t)
    .where(
      and(
        ...whereConditions(where),
        after ? sql`(${t.createdAt}, ${t.id}) < (${after.cursorAt}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(batchSize)
    .offset(offset);
}
