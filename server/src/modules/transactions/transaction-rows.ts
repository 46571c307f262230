import { centsToDecimalString } from '@portal/shared/products';
import { describeTransactionChanges, partyIdsOf } from '@portal/shared/transaction-notes';
import type { TTransactionNote, TTransactionRow } from '@portal/shared/transactions';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactionNotes, transactions } from '../../db/schema/commerce.ts';

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
 * LIMIT in it would be planned anew every time.
 */
export async function reportRowsByIds(db: Db, ids: number[]): Promise<ReportRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectReportRows(db).where(sql`${t.id} = ANY(${`{${ids.join(',')}}`}::int[])`);
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

/** The notes of some transactions, oldest first, with their authors' names and what each changed in words. */
export async function notesOf(db: Db, transactionIds: number[]): Promise<Map<number, TTransactionNote[]>> {
  const byTransaction = new Map<number, TTransactionNote[]>();
  if (transactionIds.length === 0) return byTransaction;
  const rows = await db
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
    .where(and(inArray(transactionNotes.transactionId, transactionIds)))
    .orderBy(asc(transactionNotes.createdAt), asc(transactionNotes.id));
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

export function toTransactionRow(row: ReportRow, notes: TTransactionNote[]): TTransactionRow {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    date: row.createdAt.toISOString(),
    harvest_center: row.harvestCenterId,
    hc: row.harvestCenterId !== null ? row.hcName : '',
    referral_harvest_center: row.referralHarvestCenterId,
    rhc: row.referralHarvestCenterId !== null ? row.rhcName : '',
    hc_staff_desc: row.hcStaffName,
    patient: row.patientId,
    patient_desc: row.patientId !== null ? row.patientName : '',
    sales_rep: row.salesRepId,
    sales_rep_desc: row.salesRepId !== null ? row.salesRepName : '',
    sales_manager_id: row.salesManagerId,
    sales_manager_desc: row.salesManagerId !== null ? row.salesManagerName : '',
    sales_distributor_id: row.salesDistributorId,
    sales_distributor_desc: row.salesDistributorId !== null ? row.salesDistributorName : '',
    product: [{ id: row.productId, name: row.productName }],
    quantity: row.quantity,
    amount: centsToDecimalString(row.amountCents),
    amount_cents: row.amountCents,
    coupon_code_used: row.couponCodeUsed,
    coupon_code_amount: centsToDecimalString(row.discountCents),
    coupon_code_amount_cents: row.discountCents,
    commission_paid: row.commissionPaid,
    commissions: {
      rep_cents: row.repCommissionCents,
      manager_cents: row.managerCommissionCents,
      distributor_cents: row.distributorCommissionCents,
    },
    transaction_history: notes,
  };
}
