import { Readable } from 'node:stream';
import { formatDisplayDate, formatSpreadsheetDateTime } from '@portal/shared/dates';
import { centsToDecimalString } from '@portal/shared/products';
import { guardSpreadsheetText } from '@portal/shared/transactions';
import { stringify } from 'csv-stringify/sync';
import type { Cell, Column, ColumnKind, RowBatches } from './spreadsheet-rows.ts';

/** Spreadsheet programs read UTF-8 (accented names) when the file starts with a byte-order mark. */
const BOM = '\uFEFF';

/**
 * A cell as CSV text. Dates take the one date format ('12 Mar 2026', and '12 Mar 2026 14:05' for an
 * instant, UTC), which spreadsheets read as dates; amounts are plain numbers ('250.00', no '$').
 */
const CSV_TEXT: Record<ColumnKind, (cell: NonNullable<Cell>) => string | number> = {
  text: (cell) => guardSpreadsheetText(String(cell)),
  number: (cell) => (typeof cell === 'number' ? cell : String(cell)),
  money: (cell) => centsToDecimalString(Number(cell)),
  date: (cell) => formatDisplayDate(cell as Date | string, ''),
  dateTime: (cell) => formatSpreadsheetDateTime(cell as Date | string),
};

async function* csvChunks(columns: Column[], batches: RowBatches): AsyncGenerator<string> {
  const writers = columns.map((column) => CSV_TEXT[column.kind]);
  const line = (row: Cell[]) => row.map((cell, i) => (cell === null ? null : writers[i](cell)));
  yield BOM + stringify([columns.map((column) => column.header)], { record_delimiter: 'windows' });
  for await (const batch of batches) {
    yield stringify(batch.map(line), { record_delimiter: 'windows' });
  }
}

/**
 * A CSV file as a stream, one chunk per batch through csv-stringify (quoting, CRLF records), with
 * the formula guard on every text cell. The stream pulls the next batch only when the client has
 * taken the last: a slow client holds one batch, and one that disconnects ends the generator and
 * with it the queries.
 */
export function csvStream(columns: Column[], batches: RowBatches): Readable {
  return Readable.from(csvChunks(columns, batches), { objectMode: false });
}
