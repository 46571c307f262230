/** CSV for the streamed exports (users, audit log): RFC 4180 cells, formula-safe. */

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; and a leading = + - @
 * (or tab / carriage return) is neutralised with a quote so a spreadsheet never runs it as a
 * formula (OWASP "CSV injection").
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: Array<string | number | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
