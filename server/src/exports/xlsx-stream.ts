import { finished, Readable } from 'node:stream';
import { guardSpreadsheetText } from '@portal/shared/transactions';
import type { Cell, Column, ColumnKind, RowBatches } from './spreadsheet-rows.ts';

/**
 * An .xlsx file as a stream: the worksheet's XML is written row by row with inline strings (no
 * shared-string table to hold) into a streaming zip. Chosen by measurement (docs/decisions/020,
 * docs/benchmarks.md): exceljs's streaming writer held 870 MB at a million rows; this stays flat.
 */

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

/**
 * The cell formats, by their index in cellXfs (a cell's s attribute): dates in the portal's one date
 * format ('12 Mar 2026', '12 Mar 2026, 14:05 UTC'), amounts as dollars, and a bold header.
 */
const STYLE = { date: 1, dateTime: 2, money: 3, header: 4 } as const;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="3"><numFmt numFmtId="164" formatCode="d mmm yyyy"/><numFmt numFmtId="165" formatCode="d mmm yyyy, hh:mm &quot;UTC&quot;"/><numFmt numFmtId="166" formatCode="&quot;$&quot;#,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Widths (in characters) that show a kind's values whole: a date too narrow shows as '####'. */
const MIN_WIDTH: Record<ColumnKind, number> = { text: 14, number: 10, money: 14, date: 13, dateTime: 24 };

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

const DAY_MS = 86_400_000;
/** Days from Excel's epoch (30 Dec 1899) to the Unix epoch. */
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * A date as Excel stores it: days since its epoch, the time of day as the fraction (UTC). A calendar
 * day ('YYYY-MM-DD') is read without a Date parse: this runs once a cell.
 */
function excelSerial(value: Date | string): number {
  const ms =
    typeof value !== 'string'
      ? value.getTime()
      : value.length === 10
        ? Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)))
        : Date.parse(value);
  return ms / DAY_MS + UNIX_EPOCH_SERIAL;
}

const textXml = (ref: string, text: string, style = '') =>
  `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
const numberXml = (ref: string, value: number, style = '') =>
  Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';

/** A cell of each kind: text inline, numbers as numbers, money in dollars, dates as serials. */
type CellWriter = (ref: string, cell: NonNullable<Cell>) => string;
const CELL_XML: Record<ColumnKind, CellWriter> = {
  text: (ref, cell) => textXml(ref, guardSpreadsheetText(String(cell))),
  number: (ref, cell) => (typeof cell === 'number' ? numberXml(ref, cell) : textXml(ref, String(cell))),
  money: (ref, cell) => numberXml(ref, Number(cell) / 100, ` s="${STYLE.money}"`),
  date: (ref, cell) => numberXml(ref, excelSerial(cell as Date | string), ` s="${STYLE.date}"`),
  dateTime: (ref, cell) => numberXml(ref, excelSerial(cell as Date | string), ` s="${STYLE.dateTime}"`),
};

/** Rows and cells carry their references (r): Excel tolerates their absence, other readers do not. */
function rowXml(rowNumber: number, cells: Cell[], letters: string[], writers: CellWriter[]): string {
  const xml = cells.map((cell, i) =>
    cell === null || cell === '' ? '' : writers[i](`${letters[i]}${rowNumber}`, cell),
  );
  return `<row r="${rowNumber}">${xml.join('')}</row>`;
}

function headerXml(columns: Column[], letters: string[]): string {
  const cells = columns.map((column, i) => textXml(`${letters[i]}1`, column.header, ` s="${STYLE.header}"`));
  return `<row r="1">${cells.join('')}</row>`;
}

function colsXml(columns: Column[]): string {
  const cols = columns.map((column, i) => {
    const width = Math.max(column.header.length + 2, MIN_WIDTH[column.kind]);
    return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
  });
  return `<cols>${cols.join('')}</cols>`;
}

async function* sheetChunks(columns: Column[], batches: RowBatches): AsyncGenerator<string> {
  const letters = columns.map((_, i) => columnLetters(i));
  const writers = columns.map((column) => CELL_XML[column.kind]);
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${colsXml(columns)}<sheetData>${headerXml(columns, letters)}`;
  let rowNumber = 1;
  for await (const batch of batches) {
    yield batch.map((cells) => rowXml(++rowNumber, cells, letters, writers)).join('');
  }
  yield '</sheetData></worksheet>';
}

/**
 * The zip pulls the sheet from its generator as it compresses, and compresses only as fast as the
 * response drains: memory holds a batch and zlib's window. Destroying the returned stream (the
 * client left) destroys the sheet source, which ends the generator and its queries. The zip library
 * loads with the first export (~10 MB resident that most processes never need; decision 035).
 */
export async function xlsxStream(
  sheetName: string,
  columns: Column[],
  batches: RowBatches,
): Promise<Readable> {
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const sheet = Readable.from(sheetChunks(columns, batches), { objectMode: false });
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(ROOT_RELS, { name: '_rels/.rels' });
  zip.append(workbook(sheetName), { name: 'xl/workbook.xml' });
  zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(STYLES, { name: 'xl/styles.xml' });
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  sheet.on('error', (error) => zip.destroy(error));
  // Ended, failed or destroyed (the client left): the source and its queries stop with it.
  finished(zip, () => sheet.destroy());
  void zip.finalize().catch(() => {});
  return zip;
}
