import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvStream } from '../src/exports/csv-stream.ts';
import type { Cell, Column } from '../src/exports/spreadsheet-rows.ts';
import { xlsxStream } from '../src/exports/xlsx-stream.ts';
import { csvFirstRowWatch, type FirstRowWatch, xlsxFirstRowWatch } from './export-first-row.ts';

const columns: Column[] = [
  { header: 'Date', kind: 'date' },
  { header: 'Patient', kind: 'text' },
  { header: 'Amount', kind: 'money' },
];
// A quoted line break in the first row: the row ends at the line break after it, not at this one.
const rows: Cell[][] = [
  ['2026-03-12', 'Ann "Nan" Lee\nsecond line', 25_000],
  ['2026-03-13', 'Bo Chen', 9_900],
];

async function* batchesOf(list: Cell[][]) {
  if (list.length > 0) yield list;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Feeds the file in slices of `size` bytes; the byte count at which the watch first said yes. */
function bytesUntilFirstRow(watch: FirstRowWatch, file: Buffer, size: number): number | undefined {
  for (let at = 0; at < file.length; at += size) {
    if (watch.push(file.subarray(at, at + size))) return Math.min(at + size, file.length);
  }
  return undefined;
}

describe('the first data row of an export', () => {
  it('CSV: the byte that ends the first row after the header, not the header', async () => {
    const file = await bytesOf(csvStream(columns, batchesOf(rows)));
    const text = file.toString('utf8');
    const secondRowAt = text.lastIndexOf('\r\n', text.indexOf('Bo Chen')) + 2;
    const firstRowEnd = Buffer.byteLength(text.slice(0, secondRowAt));
    expect(bytesUntilFirstRow(csvFirstRowWatch(), file, 1)).toBe(firstRowEnd);
    expect(bytesUntilFirstRow(csvFirstRowWatch(), file, 4096)).toBe(file.length);
  });

  it('CSV: a header alone never counts', async () => {
    const file = await bytesOf(csvStream(columns, batchesOf([])));
    expect(file.length).toBeGreaterThan(0);
    expect(bytesUntilFirstRow(csvFirstRowWatch(), file, 1)).toBeUndefined();
  });

  it('XLSX: once the sheet inflated so far holds row 2 whole', async () => {
    const file = await bytesOf(await xlsxStream('Transactions', columns, batchesOf(rows)));
    const at = bytesUntilFirstRow(xlsxFirstRowWatch(), file, 16);
    expect(at).toBeDefined();
    // Not in the entries before the sheet (its first bytes): past the sheet's zip header.
    expect(at).toBeGreaterThan(file.indexOf('xl/worksheets/sheet1.xml'));
  });

  it('XLSX: a sheet with the header row only never counts', async () => {
    const file = await bytesOf(await xlsxStream('Transactions', columns, batchesOf([])));
    expect(bytesUntilFirstRow(xlsxFirstRowWatch(), file, 16)).toBeUndefined();
  });
});
