import { Readable } from 'node:stream';
import { guardSpreadsheetText } from '@portal/shared/transactions';
import { stringify } from 'csv-stringify/sync';
import type { Cell, RowBatches } from './spreadsheet-rows.ts';

/** Spreadsheet programs read UTF-8 (accented names) when the file starts with a byte-order mark. */
const BOM = '\uFEFF';

function guarded(row: Cell[]): Cell[] {
  return row.map((cell) => (typeof cell === 'string' ? guardSpreadsheetText(cell) : cell));
}

async function* csvChunks(header: string[], batches: RowBatches): AsyncGenerator<string> {
  yield BOM + stringify([header], { record_delimiter: 'windows' });
  for await (const batch of batches) {
    yield stringify(batch.map(guarded), { record_delimiter: 'windows' });
  }
}

/**
 * A CSV file as a stream, one chunk per batch through csv-stringify (quoting, CRLF records), with
 * the formula guard on every text cell. The stream pulls the next batch only when the client has
 * taken the last: a slow client holds one batch, and one that disconnects ends the generator and
 * with it the queries.
 */
export function csvStream(header: string[], batches: RowBatches): Readable {
  return Readable.from(csvChunks(header, batches), { objectMode: false });
}
