import { formatDisplayDate, formatDisplayDateTime } from '@portal/shared/dates';

/*
 * The portal's one date format, kept in shared/src/dates.ts so the server's exports, receipts, PDFs
 * and mails write what the screens show: '12 Mar 2026', and '12 Mar 2026, 14:05 UTC' for an instant.
 */

/** The same format for Mantine's date inputs (dayjs tokens); the theme makes it their default. */
export const DATE_INPUT_FORMAT = 'D MMM YYYY';

/** A calendar day, or the UTC day of an instant: '12 Mar 2026' ('N/A' when missing). */
export function formatDate(value: string | null | undefined): string {
  return formatDisplayDate(value);
}

/** An instant in UTC: '12 Mar 2026, 14:05 UTC'; a calendar day shows as its day ('N/A' when missing). */
export function formatDateTime(value: string | null | undefined): string {
  return formatDisplayDateTime(value);
}
