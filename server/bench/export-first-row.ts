// When an export's first data row has reached the client: the moment a person downloading it could
// see a transaction. The first bytes alone say little: a CSV's header and an XLSX's zip entries
// before the sheet are written before any query has answered.
import zlib from 'node:zlib';

/** Fed the response's chunks in order; `push` is true from the chunk that completes the first data row. */
export type FirstRowWatch = { push(chunk: Uint8Array): boolean };

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/** CSV: the second record (the first after the header) ends with a line feed outside quotes. */
export function csvFirstRowWatch(): FirstRowWatch {
  let recordsEnded = 0;
  let quoted = false;
  return {
    push(chunk) {
      for (const byte of chunk) {
        if (recordsEnded >= 2) break;
        // A doubled quote inside a quoted field toggles twice: the state stays right.
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) recordsEnded++;
      }
      return recordsEnded >= 2;
    },
  };
}

const SHEET = Buffer.from('xl/worksheets/sheet1.xml');
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const LOCAL_HEADER_LENGTH = 30;
const STORED = 0;
const DEFLATED = 8;
/** The first row follows the sheet's start within kilobytes; past this something is wrong. */
const MAX_SHEET_PREFIX = 8 * 1024 * 1024;

/** Where the sheet's data starts in the zip, and how it is compressed; undefined until its header is whole. */
function findSheetEntry(zip: Buffer): { dataAt: number; method: number } | undefined {
  for (let name = zip.indexOf(SHEET); name !== -1; name = zip.indexOf(SHEET, name + 1)) {
    const header = name - LOCAL_HEADER_LENGTH;
    if (header < 0 || !zip.subarray(header, header + 4).equals(LOCAL_HEADER)) continue;
    if (zip.readUInt16LE(header + 26) !== SHEET.length) continue;
    const dataAt = name + SHEET.length + zip.readUInt16LE(header + 28);
    if (dataAt > zip.length) return undefined;
    return { dataAt, method: zip.readUInt16LE(header + 8) };
  }
  return undefined;
}

/**
 * XLSX: the worksheet entry of the streamed zip, inflated from what has arrived so far, holds row 2
 * (row 1 is the header) up to its `</row>`. Re-inflating the prefix on each chunk is quadratic, but
 * the first row comes within the sheet's first kilobytes.
 */
export function xlsxFirstRowWatch(): FirstRowWatch {
  let received = Buffer.alloc(0);
  let found = false;
  return {
    push(chunk) {
      if (found) return true;
      received = Buffer.concat([received, chunk]);
      const entry = findSheetEntry(received);
      if (!entry) return false;
      const data = received.subarray(entry.dataAt, entry.dataAt + MAX_SHEET_PREFIX);
      let sheet: string;
      if (entry.method === STORED) sheet = data.toString('latin1');
      else if (entry.method === DEFLATED) {
        // A partial deflate stream: a sync flush inflates what it can instead of failing at the end.
        sheet = zlib.inflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('latin1');
      } else throw new Error(`the sheet is compressed with zip method ${entry.method}, not deflate`);
      const row = sheet.indexOf('<row r="2"');
      found = row !== -1 && sheet.indexOf('</row>', row) !== -1;
      return found;
    },
  };
}
