/*
 * The portal's one date format: '12 Mar 2026', and '12 Mar 2026, 14:05 UTC' for an instant (the spec
 * shows instants such as the last login in UTC). Month names are written out here rather than taken
 * from Intl, whose short months differ between runtimes ('Sep' or 'Sept').
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What a missing or unreadable date shows. */
export const NO_DATE = 'N/A';

/** The same format for Mantine's date inputs (dayjs tokens). */
export const DATE_INPUT_FORMAT = 'D MMM YYYY';

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  // A calendar day ('2026-03-12') is that day everywhere, not midnight UTC shifted into the local zone.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const day = (date: Date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day, or the UTC day of an instant: '12 Mar 2026'. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? day(date) : NO_DATE;
}

/** An instant in UTC: '12 Mar 2026, 14:05 UTC'. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? `${day(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC` : NO_DATE;
}
