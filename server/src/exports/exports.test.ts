import { once } from 'node:events';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvStream } from './csv-stream.ts';
import type { Cell, Column } from './spreadsheet-rows.ts';
import { escapeXml, xlsxStream } from './xlsx-stream.ts';

const ID_NAME: Column[] = [
  { header: 'ID', kind: 'number' },
  { header: 'Name', kind: 'text' },
];

/** One column of each kind, and a row of each with a value and one without. */
const TYPED: Column[] = [
  { header: 'ID', kind: 'number' },
  { header: 'Invoice date', kind: 'dateTime' },
  { header: 'Shipped', kind: 'date' },
  { header: 'Amount', kind: 'money' },
  { header: 'Product', kind: 'text' },
];
const CREATED = new Date('2026-11-26T15:30:31.922Z');
async function* typedRows(): AsyncGenerator<Cell[][]> {
  yield [
    [7, CREATED, '2026-03-12', 25_000, 'Processing'],
    [8, null, null, -1_999, ''],
  ];
}

/** Batches of rows that record how many were pulled and whether the consumer closed them. */
function trackedBatches(count: number, rowsPerBatch = 200) {
  const state = { pulled: 0, closed: false };
  async function* batches(): AsyncGenerator<Cell[][]> {
    try {
      for (let b = 0; b < count; b++) {
        state.pulled += 1;
        yield Array.from({ length: rowsPerBatch }, (_, i) => [
          b * rowsPerBatch + i,
          `name ${i} ${'x'.repeat(200)}`,
        ]);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, batches: batches() };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Reads one chunk, then leaves as a client that disconnects does. */
async function leaveAfterFirstChunk(stream: Readable) {
  await once(stream, 'readable');
  stream.read();
  stream.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('streamed exports', () => {
  it('CSV: a header, quoted cells, CRLF records and the formula guard', async () => {
    const text = (
      await bytesOf(
        csvStream(
          ID_NAME,
          (async function* () {
            yield [
              [1, '=HYPERLINK("x")'],
              [2, 'Smith, Ann'],
            ];
          })(),
        ),
      )
    ).toString('utf8');
    expect(text).toBe('\uFEFFID,Name\r\n1,"\'=HYPERLINK(""x"")"\r\n2,"Smith, Ann"\r\n');
  });

  it('XLSX: opens in a spreadsheet library with every row, guarded and escaped', async () => {
    const { batches } = trackedBatches(3, 10);
    const file = await bytesOf(await xlsxStream('Transactions', ID_NAME, batches));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Transactions');
    expect(sheet?.rowCount).toBe(31);
    expect(sheet?.getRow(31).getCell(1).value).toBe(29);
    expect(escapeXml('a<b & "c"\u0001')).toBe('a&lt;b &amp; &quot;c&quot;');
  });

  it('CSV: dates in the one date format (a spreadsheet reads them as dates), amounts as plain numbers', async () => {
    const text = (await bytesOf(csvStream(TYPED, typedRows()))).toString('utf8');
    expect(text).toBe(
      '\uFEFFID,Invoice date,Shipped,Amount,Product\r\n' +
        '7,26 Nov 2026 15:30,12 Mar 2026,250.00,Processing\r\n' +
        '8,,,-19.99,\r\n',
    );
  });

  it('XLSX: numbers as numbers, amounts as currency, dates as dates, each in the one date format', async () => {
    const file = await bytesOf(await xlsxStream('Sheet', TYPED, typedRows()));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Sheet');
    const row = sheet?.getRow(2);
    const [id, created, shipped, amount, product] = [1, 2, 3, 4, 5].map((c) => row?.getCell(c));
    expect(id?.type).toBe(ExcelJS.ValueType.Number);
    expect(id?.value).toBe(7);
    expect(created?.type).toBe(ExcelJS.ValueType.Date);
    expect(created?.value).toEqual(CREATED);
    expect(created?.numFmt).toBe('d mmm yyyy, hh:mm "UTC"');
    expect(shipped?.type).toBe(ExcelJS.ValueType.Date);
    expect(shipped?.value).toEqual(new Date('2026-03-12T00:00:00Z'));
    expect(shipped?.numFmt).toBe('d mmm yyyy');
    expect(amount?.type).toBe(ExcelJS.ValueType.Number);
    expect(amount?.value).toBe(250);
    expect(amount?.numFmt).toBe('"$"#,##0.00');
    expect(sheet?.getRow(3).getCell(4).value).toBe(-19.99);
    expect(product?.value).toBe('Processing');
    // Empty cells stay empty; the header is bold; a date and time fits its column (no '####').
    expect(sheet?.getRow(3).getCell(2).value).toBeNull();
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getColumn(2).width).toBeGreaterThanOrEqual('26 Nov 2026, 15:30 UTC'.length);
  });

  for (const [format, open] of [
    ['CSV', (b: AsyncIterable<Cell[][]>) => csvStream(ID_NAME, b)],
    ['XLSX', (b: AsyncIterable<Cell[][]>) => xlsxStream('Sheet', ID_NAME, b)],
  ] as const) {
    it(`${format}: a client that leaves stops the pulling of batches (and with it the queries)`, async () => {
      const { state, batches } = trackedBatches(10_000);
      await leaveAfterFirstChunk(await open(batches));
      expect(state.closed).toBe(true);
      expect(state.pulled).toBeLessThan(100);
    });
  }
});
