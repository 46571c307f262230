import { z } from 'zod';

/** Calendar dates travel as 'YYYY-MM-DD' (no time zone): they are days, not instants. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const ZIsoDate = z.string().trim().refine(isIsoDate, 'Enter a valid date (YYYY-MM-DD)');

/** Adds whole days to a 'YYYY-MM-DD' date, in UTC so daylight-saving changes never shift the day. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}

/** Today as 'YYYY-MM-DD' in UTC. */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/*
 * The portal's one date format (screens, exports, receipts, PDFs, mails): '12 Mar 2026', and
 * '12 Mar 2026, 14:05 UTC' for an instant (the spec shows instants such as the last login in UTC).
 * Written out by hand: Intl's short months differ between runtimes ('Sep' or 'Sept'), and the
 * exports format a million rows, where a formatter call per cell would cost.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What a missing or unreadable date shows. */
export const NO_DATE = 'N/A';

/** A calendar day ('YYYY-MM-DD'), an instant (ISO text or a Date), or nothing. */
export type DateValue = Date | string | null | undefined;

/** A calendar day is that day everywhere: read as UTC midnight, never shifted into a local zone. */
function toDate(value: DateValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date =
    typeof value === 'string' ? new Date(ISO_DATE.test(value) ? `${value}T00:00:00Z` : value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

const isCalendarDay = (value: DateValue) => typeof value === 'string' && ISO_DATE.test(value);
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const dayText = (date: Date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
const timeText = (date: Date) => `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}`;

/** '12 Mar 2026': a calendar day, or the UTC day of an instant. */
export function formatDisplayDate(value: DateValue, missing = NO_DATE): string {
  const date = toDate(value);
  return date ? dayText(date) : missing;
}

/** '12 Mar 2026, 14:05 UTC' for an instant; a calendar day has no time and shows as '12 Mar 2026'. */
export function formatDisplayDateTime(value: DateValue, missing = NO_DATE): string {
  const date = toDate(value);
  if (!date) return missing;
  return isCalendarDay(value) ? dayText(date) : `${dayText(date)}, ${timeText(date)} UTC`;
}

/** A month ('YYYY-MM', as the commission chart's axis) as 'Mar 2026'. */
export function formatDisplayMonth(isoMonth: string): string {
  return `${MONTHS[Number(isoMonth.slice(5, 7)) - 1]} ${isoMonth.slice(0, 4)}`;
}

/**
 * The same day and time for a CSV cell: '12 Mar 2026 14:05' (UTC, as everywhere in the portal).
 * Spreadsheets read this as a date and time; the comma and the zone of the display form would make
 * it text. Empty when missing.
 */
export function formatSpreadsheetDateTime(value: DateValue): string {
  const date = toDate(value);
  if (!date) return '';
  return isCalendarDay(value) ? dayText(date) : `${dayText(date)} ${timeText(date)}`;
}
