import { z } from 'zod';
import { ZIsoDate } from './dates.ts';
import { ZPageQuery } from './paging.ts';
import { zPatchOf } from './patch-body.ts';
import { ZFlag, zDecimalAmount } from './spec-values.ts';
import { zUrlId } from './url-integers.ts';

/**
 * The transaction reports (part 2 §2 "Transactions report", §3 transaction row and edit payload,
 * §5, §7 "Transactions and payments"): filters, rows, the edit, the exports' columns and texts.
 */

export const TRANSACTION_TEXTS = {
  adminTitle: 'Transactions',
  repTitle: 'Your Associated Transactions',
  managerTitle: 'Your Team Transactions',
  distributorTitle: 'Your Teams Transactions',
  managerTeamsTitle: 'Manager Teams Transactions',
  updated: 'Transaction has been updated',
  noChanges: 'No Changes has been made on this transaction...',
  noteLabel: 'Transaction note',
  notFound: 'Transaction not found.',
  dateRange: 'The "date after" must not be later than the "date before".',
} as const;

/** The edit dialog closes this long after 'Transaction has been updated' (part 2 §4). */
export const TRANSACTION_UPDATED_CLOSE_MS = 2500;
/** Report search: only past 3 characters, after a 700 ms pause in typing (part 2 §5, §9). */
export const REPORT_SEARCH_MIN_LENGTH = 4;
export const REPORT_SEARCH_DEBOUNCE_MS = 700;

/** The report's ten filters (part 2 §7), as query parameters. */
const ZTransactionFilterFields = z.object({
  search: z.string().trim().max(100).optional(),
  date_after: ZIsoDate.optional(),
  date_before: ZIsoDate.optional(),
  sales_rep_id: zUrlId().optional(),
  sales_manager_id: zUrlId().optional(),
  sales_distributor_id: zUrlId().optional(),
  harvest_center_id: zUrlId().optional(),
  referral_harvest_center_id: zUrlId().optional(),
  product_id: zUrlId().optional(),
  patient_id: zUrlId().optional(),
});
export type TTransactionFilters = z.infer<typeof ZTransactionFilterFields>;

function datesInOrder(filters: TTransactionFilters): boolean {
  return !filters.date_after || !filters.date_before || filters.date_after <= filters.date_before;
}
const DATES_IN_ORDER = { message: TRANSACTION_TEXTS.dateRange, path: ['date_before'] };

export const ZTransactionFilters = ZTransactionFilterFields.refine(datesInOrder, DATES_IN_ORDER);

export const TRANSACTION_FILTER_KEYS = Object.keys(
  ZTransactionFilterFields.shape,
) as (keyof TTransactionFilters)[];

/** The list: page size 10 by default (part 2 §9), the same filters. */
export const ZTransactionListQuery = ZTransactionFilterFields.extend({
  limit: ZPageQuery.shape.limit.unwrap().default(10),
  offset: ZPageQuery.shape.offset,
}).refine(datesInOrder, DATES_IN_ORDER);
export type TTransactionListQuery = z.infer<typeof ZTransactionListQuery>;

/** The exports: the filters and an offset (rows skipped from the start). */
export const ZTransactionExportQuery = ZTransactionFilterFields.extend({
  offset: ZPageQuery.shape.offset,
}).refine(datesInOrder, DATES_IN_ORDER);

const ZParty = z.number().int().nullable();

export const ZTransactionNote = z.object({
  id: z.number().int(),
  note: z.string(),
  date: z.string(),
  author: z.string(),
  /** What the edit changed, field by field (column names: for programs, not for people). */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  /** The same in words: "Amount changed from $250.00 to $275.00; commission marked paid". */
  summary: z.string(),
});
export type TTransactionNote = z.infer<typeof ZTransactionNote>;

/** One row of the report (part 2 §3 "Transaction row"); money as dollars text and as cents. */
export const ZTransactionRow = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  date: z.string(),
  harvest_center: ZParty,
  hc: z.string(),
  referral_harvest_center: ZParty,
  rhc: z.string(),
  hc_staff_desc: z.string(),
  patient: ZParty,
  patient_desc: z.string(),
  sales_rep: ZParty,
  sales_rep_desc: z.string(),
  sales_manager_id: ZParty,
  sales_manager_desc: z.string(),
  sales_distributor_id: ZParty,
  sales_distributor_desc: z.string(),
  product: z.array(z.object({ id: z.number().int(), name: z.string() })),
  quantity: z.number().int(),
  amount: z.string(),
  amount_cents: z.number().int(),
  coupon_code_used: z.string(),
  coupon_code_amount: z.string(),
  coupon_code_amount_cents: z.number().int(),
  commission_paid: z.boolean(),
  commissions: z.object({
    rep_cents: z.number().int(),
    manager_cents: z.number().int(),
    distributor_cents: z.number().int(),
  }),
  transaction_history: z.array(ZTransactionNote),
});
export type TTransactionRow = z.infer<typeof ZTransactionRow>;

export const ZTransactionPage = z.object({ count: z.number().int(), results: z.array(ZTransactionRow) });
export type TTransactionPage = z.infer<typeof ZTransactionPage>;

/**
 * The edit (part 2 §3 "Transaction edit payload"): ids of the parties (null clears one), the
 * amount in cents, and the note that every edit needs (part 2 §5).
 */
export const ZTransactionEditBody = z.object({
  product_id: z.number().int().positive(),
  quantity: z.number().int().min(1, 'Quantity must be 1 or more').max(10_000),
  amount_cents: z.number().int().min(0, 'The amount cannot be negative').max(100_000_000),
  harvest_center: ZParty,
  referral_harvest_center: ZParty,
  patient: ZParty,
  sales_rep: ZParty,
  commission_paid: z.boolean(),
  transaction_note: z.string().trim().max(2000),
});
export type TTransactionEditBody = z.infer<typeof ZTransactionEditBody>;
/**
 * PATCH /api/v1/transactions/{id}/: the fields it names change; the note is always needed. The
 * spec's payload names the amount `amount`, a decimal amount ("275.00" or 275), and may send
 * commission_paid as 1/0; amount_cents and booleans keep working (amount_cents wins if both come).
 */
export const ZTransactionPatchBody = zPatchOf(ZTransactionEditBody).extend({
  amount: zDecimalAmount({ max: 100_000_000 }).optional(),
  commission_paid: ZFlag.optional(),
  transaction_note: ZTransactionEditBody.shape.transaction_note,
});
export type TTransactionPatchBody = z.infer<typeof ZTransactionPatchBody>;

export const ZLastTransactionId = z.object({ transaction_id: z.number().int().nullable() });

/** Which report: the admin's, or a sales member's own or team's (file names, columns). */
export type TransactionReportKind = 'admin' | 'sales_rep' | 'sales_manager' | 'sales_distributor';

/** `transaction_report_20261124T213000Z`, or with the role and id for the role reports (part 2 §7). */
export function transactionReportFileName(
  kind: TransactionReportKind,
  userId: number,
  extension: 'csv' | 'xlsx',
  now: Date = new Date(),
): string {
  const stamp = now
    .toISOString()
    .replaceAll(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const prefix = kind === 'admin' ? 'transaction_report' : `${kind}_${userId}_transaction_report`;
  return `${prefix}_${stamp}.${extension}`;
}

/**
 * The export's columns. The role reports carry the spec's (part 2 §3 "Report CSV columns": ID,
 * Date, Patient ID, HC, RHC, the rep and manager names for the higher roles, Product, Amount); the
 * admin's carries the whole row.
 */
export const REPORT_COLUMNS = {
  id: 'ID',
  invoice: 'Invoice',
  date: 'Date',
  patientId: 'Patient ID',
  patient: 'Patient',
  hc: 'HC',
  rhc: 'RHC',
  hcStaff: 'HC Staff',
  salesRep: 'Sales Rep Name',
  salesManager: 'Sales Manager Name',
  salesDistributor: 'Sales Distributor Name',
  product: 'Product',
  quantity: 'Quantity',
  amount: 'Amount',
  couponCode: 'Coupon Code',
  couponAmount: 'Coupon Amount',
  commissionPaid: 'Commission Paid',
} as const;
export type ReportColumn = keyof typeof REPORT_COLUMNS;

export function reportColumnsFor(kind: TransactionReportKind): ReportColumn[] {
  const head: ReportColumn[] = ['id', 'date', 'patientId', 'hc', 'rhc'];
  const tail: ReportColumn[] = ['product', 'amount'];
  switch (kind) {
    case 'sales_rep':
      return [...head, ...tail];
    case 'sales_manager':
      return [...head, 'salesRep', ...tail];
    case 'sales_distributor':
      return [...head, 'salesRep', 'salesManager', ...tail];
    case 'admin':
      return [
        'id',
        'invoice',
        'date',
        'patientId',
        'patient',
        'hc',
        'rhc',
        'hcStaff',
        'salesRep',
        'salesManager',
        'salesDistributor',
        'product',
        'quantity',
        'amount',
        'couponCode',
        'couponAmount',
        'commissionPaid',
      ];
  }
}

/**
 * A text cell a spreadsheet would run as a formula (= + - @, tab, carriage return) gets a leading
 * quote (OWASP "CSV injection"); both export formats apply it.
 */
export function guardSpreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
