import type { Readable } from 'node:stream';
import {
  REPORT_COLUMNS,
  type ReportColumn,
  reportColumnsFor,
  type TTransactionFilters,
  transactionReportFileName,
} from '@portal/shared/transactions';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { csvStream } from '../../exports/csv-stream.ts';
import type { Cell, ColumnKind } from '../../exports/spreadsheet-rows.ts';
import { xlsxStream } from '../../exports/xlsx-stream.ts';
import type { ReportWhere } from './transaction-counts.repository.ts';
import {
  type CommissionView,
  commissionPaidOf,
  commissionViewOf,
  reportWhere,
} from './transaction-report.ts';
import {
  type ExportCursor,
  findExportIdBatch,
  type ReportRow,
  reportRowsByIds,
} from './transaction-rows.repository.ts';
import { reportKindOf } from './transaction-scope.ts';

/**
 * Rows per query. Measured at a million rows (docs/benchmarks.md): 250 held the process's growth
 * to about 35 MB and was the fastest; 1,000 grew 80 MB and 5,000 160 MB, as each batch lives
 * through enough young-generation collections to be promoted.
 */
export const EXPORT_BATCH_SIZE = 250;

/** Each column's kind (how CSV and XLSX write it) and its value: ids and counts, cents, the instant. */
const CELL: Record<
  ReportColumn,
  { kind: ColumnKind; value: (row: ReportRow, view: CommissionView) => Cell }
> = {
  id: { kind: 'number', value: (row) => row.id },
  invoice: { kind: 'number', value: (row) => row.invoiceId },
  date: { kind: 'dateTime', value: (row) => row.createdAt },
  patientId: { kind: 'number', value: (row) => row.patientId },
  patient: { kind: 'text', value: (row) => (row.patientId !== null ? row.patientName : '') },
  hc: { kind: 'text', value: (row) => (row.harvestCenterId !== null ? row.hcName : '') },
  rhc: { kind: 'text', value: (row) => (row.referralHarvestCenterId !== null ? row.rhcName : '') },
  hcStaff: { kind: 'text', value: (row) => row.hcStaffName },
  salesRep: { kind: 'text', value: (row) => (row.salesRepId !== null ? row.salesRepName : '') },
  salesManager: { kind: 'text', value: (row) => (row.salesManagerId !== null ? row.salesManagerName : '') },
  salesDistributor: {
    kind: 'text',
    value: (row) => (row.salesDistributorId !== null ? row.salesDistributorName : ''),
  },
  product: { kind: 'text', value: (row) => row.productName },
  quantity: { kind: 'number', value: (row) => row.quantity },
  amount: { kind: 'money', value: (row) => row.amountCents },
  couponCode: { kind: 'text', value: (row) => row.couponCodeUsed },
  couponAmount: { kind: 'money', value: (row) => row.discountCents },
  commissionPaid: { kind: 'text', value: (row, view) => (commissionPaidOf(row, view) ? 'Yes' : 'No') },
};

/**
 * The matching rows newest first, a batch at a time, walking the (created_at, id) order by keyset:
 * each batch starts after the last row of the one before, so memory holds one batch, no
 * connection or transaction stays open between batches (PGlite's single connection serves the
 * other requests meanwhile), and stopping the iteration stops the queries.
 */
async function* reportBatches(
  db: Db,
  where: ReportWhere,
  first: ExportCursor[],
  batchSize: number,
): AsyncGenerator<ReportRow[]> {
  let batch = first;
  while (batch.length > 0) {
    yield await reportRowsByIds(
      db,
      batch.map((row) => row.id),
    );
    if (batch.length < batchSize) return;
    batch = await findExportIdBatch(db, where, batch[batch.length - 1], batchSize);
  }
}

export type TransactionExport = { fileName: string; contentType: string; body: Readable };

/**
 * The report as CSV or XLSX for the caller's scope and filters. Scope and filters are checked, and
 * the first batch read, before anything is sent: a refused or failing export answers with an
 * error, never a 200 that breaks off.
 */
export async function openTransactionExport(
  db: Db,
  actor: Actor,
  filters: TTransactionFilters & { offset: number },
  format: 'csv' | 'xlsx',
  /** Called with the patients of each batch before its rows are written (the listing's audit rows). */
  beforeBatch: (patientIds: (number | null)[]) => Promise<void>,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<TransactionExport> {
  const kind = reportKindOf(actor);
  const where = await reportWhere(db, actor, filters);
  const view = commissionViewOf(actor, filters);
  const first = await findExportIdBatch(db, where, null, batchSize, filters.offset);
  const columns = reportColumnsFor(kind);
  const header = columns.map((column) => ({ header: REPORT_COLUMNS[column], kind: CELL[column].kind }));
  const values = columns.map((column) => CELL[column].value);
  const rows = (async function* () {
    for await (const batch of reportBatches(db, where, first, batchSize)) {
      await beforeBatch(batch.map((row) => row.patientId));
      yield batch.map((row) => values.map((value) => value(row, view)));
    }
  })();
  const fileName = transactionReportFileName(kind, actor.id, format);
  return format === 'csv'
    ? { fileName, contentType: 'text/csv; charset=utf-8', body: csvStream(header, rows) }
    : {
        fileName,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await xlsxStream('Transactions', header, rows),
      };
}
