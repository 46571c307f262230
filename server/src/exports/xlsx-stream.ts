import { finished, Readable } from 'node:stream';
import { guardSpreadsheetText } from '@portal/shared/transactions';
import { ZipArchive } from 'archiver';
import type { Cell, RowBatches } from './spreadsheet-rows.ts';

/**
 * An .xlsx file as a stream: the worksheet's XML is written row by row with inline strings (no
 * shared-string table to hold) into a streaming zip. Chosen by measurement (../shared/STACK-NOTES,
 * docs/benchmarks.md): exceljs's streaming writer held 870 MB at a million rows; this stays flat.
 */

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

function workbook(sheetName: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the characters XML 1.0 forbids is the point.
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** XML 1.0 has no place for most control characters; they are dropped, the rest escaped. */
export function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
}

/** 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function cellXml(ref: string, cell: Cell): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'number') return `<c r="${ref}" t="n"><v>${cell}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(guardSpreadsheetText(cell))}</t></is></c>`;
}

/** Rows and cells carry their references (r): Excel tolerates their absence, other readers do not. */
function rowXml(rowNumber: number, cells: Cell[], letters: string[]): string {
  return `<row r="${rowNumber}">${cells.map((cell, i) => cellXml(`${letters[i]}${rowNumber}`, cell)).join('')}</row>`;
}

async function* sheetChunks(header: string[], batches: RowBatches): AsyncGenerator<string> {
  const letters = header.map((_, i) => columnLetters(i));
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml(1, header, letters)}`;
  let rowNumber = 1;
  for await (const batch of batches) yield batch.map((cells) => rowXml(++rowNumber, cells, letters)).join('');
  yield '</sheetData></worksheet>';
}

/**
 * The zip pulls the sheet from its generator as it compresses, and compresses only as fast as the
 * response drains: memory holds a batch and zlib's window. Destroying the returned stream (the
 * client left) destroys the sheet source, which ends the generator and its queries.
 */
export function xlsxStream(sheetName: string, header: string[], batches: RowBatches): Readable {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const sheet = Readable.from(sheetChunks(header, batches), { objectMode: false });
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(ROOT_RELS, { name: '_rels/.rels' });
  zip.append(workbook(sheetName), { name: 'xl/workbook.xml' });
  zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  sheet.on('error', (error) => zip.destroy(error));
  // Ended, failed or destroyed (the client left): the source and its queries stop with it.
  finished(zip, () => sheet.destroy());
  void zip.finalize().catch(() => {});
  return zip;
}
