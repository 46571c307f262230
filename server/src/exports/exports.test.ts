import { once } from 'node:events';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvStream } from './csv-stream.ts';
import type { Cell } from './spreadsheet-rows.ts';
import { escapeXml, xlsxStream } from './xlsx-stream.ts';

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
          ['ID', 'Name'],
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
    const file = await bytesOf(xlsxStream('Transactions', ['ID', 'Name'], batches));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Transactions');
    expect(sheet?.rowCount).toBe(31);
    expect(sheet?.getRow(31).getCell(1).value).toBe(29);
    expect(escapeXml('a<b & "c"\u0001')).toBe('a&lt;b &amp; &quot;c&quot;');
  });

  for (const [format, open] of [
    ['CSV', (b: AsyncIterable<Cell[][]>) => csvStream(['ID', 'Name'], b)],
    ['XLSX', (b: AsyncIterable<Cell[][]>) => xlsxStream('Sheet', ['ID', 'Name'], b)],
  ] as const) {
    it(`${format}: a client that leaves stops the pulling of batches (and with it the queries)`, async () => {
      const { state, batches } = trackedBatches(10_000);
      await leaveAfterFirstChunk(open(batches));
      expect(state.closed).toBe(true);
      expect(state.pulled).toBeLessThan(100);
    });
  }
});
