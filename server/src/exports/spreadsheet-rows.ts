/**
 * How a column's cells are written, so exports open as people expect (CONVENTIONS): numbers as
 * numbers, money as a currency amount, dates as dates in the portal's one date format.
 * - text: a string, guarded against formulas
 * - number: a count or an id
 * - money: integer cents (the portal's money); CSV writes '250.00', XLSX the number 250 as dollars
 * - date: a calendar day ('YYYY-MM-DD') or the UTC day of a Date
 * - dateTime: an instant (a Date), in UTC
 */
export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'dateTime';

export type Column = { header: string; kind: ColumnKind };

/** A cell of an export, of its column's kind, or empty (null). */
export type Cell = string | number | Date | null;

/** Rows arrive in batches (one keyset page each) so a million rows never sit in memory at once. */
export type RowBatches = AsyncIterable<Cell[][]>;
