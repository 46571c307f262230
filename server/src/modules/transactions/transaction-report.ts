import type { CommissionLevel } from '@portal/shared/commissions';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { centsToDecimalString } from '@portal/shared/products';
import type {
  TTransactionFilters,
  TTransactionListQuery,
  TTransactionNote,
  TTransactionPage,
  TTransactionRow,
} from '@portal/shared/transactions';
import { TRANSACTION_TEXTS } from '@portal/shared/transactions';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { findPage } from '../../db/paging.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import {
  countTransactions,
  EVERY_ROW,
  mergeWhere,
  type ReportWhere,
} from './transaction-counts.repository.ts';
import {
  findSearchMatches,
  transactionFilterWhere,
  transactionIdWhere,
} from './transaction-filters.repository.ts';
import {
  findLastTransactionId,
  findMatchingTransactionId,
  notesOf,
  type ReportRow,
  reportQueries,
  reportRowsByIds,
} from './transaction-rows.repository.ts';
import { transactionScope } from './transaction-scope.repository.ts';
import { type ReportTarget, targetWhere } from './transaction-scope.ts';

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
    narrowing.id !== undefined ? transactionIdWhere(narrowing.id) : EVERY_ROW,
    transactionFilterWhere(filters, search),
  );
}

/**
 * Whose commission "Commission Paid" answers for (issue 42: the same truth as /commissions): the
 * person a sales report is about, else a sales caller's own share, else the sales person an
 * admin's filter names; with none of them, every share of the sale (the stored flag).
 */
export type CommissionView = CommissionLevel | 'every';

export function commissionViewOf(
  actor: Actor,
  filters: TTransactionFilters,
  narrowing: ReportNarrowing = {},
): CommissionView {
  if (narrowing.target) return narrowing.target.level;
  if (actor.membershipId === MEMBERSHIP.salesRep) return 'rep';
  if (actor.membershipId === MEMBERSHIP.salesManager) return 'manager';
  if (actor.membershipId === MEMBERSHIP.salesDistributor) return 'distributor';
  if (filters.sales_rep_id !== undefined) return 'rep';
  if (filters.sales_manager_id !== undefined) return 'manager';
  if (filters.sales_distributor_id !== undefined) return 'distributor';
  return 'every';
}

const PAID_AT_OF_LEVEL = {
  rep: 'repCommissionPaidAt',
  manager: 'managerCommissionPaidAt',
  distributor: 'distributorCommissionPaidAt',
} as const satisfies Record<CommissionLevel, keyof ReportRow>;

export function commissionPaidOf(row: ReportRow, view: CommissionView): boolean {
  return view === 'every' ? row.commissionPaid : row[PAID_AT_OF_LEVEL[view]] !== null;
}

/** A report row as the API writes it, with its notes. */
export function toTransactionRow(
  row: ReportRow,
  notes: TTransactionNote[],
  view: CommissionView = 'every',
): TTransactionRow {
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
    commission_paid: commissionPaidOf(row, view),
    commissions: {
      rep_cents: row.repCommissionCents,
      manager_cents: row.managerCommissionCents,
      distributor_cents: row.distributorCommissionCents,
    },
    transaction_history: notes,
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
    results: rows.map((row) =>
      toTransactionRow(row, notes.get(row.id) ?? [], commissionViewOf(actor, query, narrowing)),
    ),
  };
}

/** One transaction the caller may see, with its notes; 404 when it does not exist or is out of scope. */
export async function getTransaction(db: Db, actor: Actor, id: number): Promise<TTransactionRow> {
  const where = await reportWhere(db, actor, {}, { id });
  const visibleId = await findMatchingTransactionId(db, where);
  const [row] = visibleId !== undefined ? await reportRowsByIds(db, [visibleId]) : [];
  if (!row) throw notFound(TRANSACTION_TEXTS.notFound);
  const notes = await notesOf(db, [row.id]);
  return toTransactionRow(row, notes.get(row.id) ?? [], commissionViewOf(actor, {}));
}

/** The newest transaction id the caller sees (the spec's get-last-id); null when there is none. */
export async function lastTransactionId(db: Db, actor: Actor): Promise<number | null> {
  const where = await reportWhere(db, actor, {});
  return findLastTransactionId(db, where);
}
