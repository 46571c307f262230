import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, NO_DATE } from './format-date.ts';

describe('formatDate', () => {
  it('shows a calendar day as the same day in any time zone', () => {
    expect(formatDate('2026-03-12')).toBe('12 Mar 2026');
    expect(formatDate('2026-09-01')).toBe('1 Sep 2026');
  });

  it('shows the UTC day of an instant', () => {
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('31 Dec 2026');
    expect(formatDate('2027-01-01T00:30:00+02:00')).toBe('31 Dec 2026');
  });

  it('says N/A for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDate('')).toBe(NO_DATE);
    expect(formatDate('not a date')).toBe(NO_DATE);
  });
});

describe('formatDateTime', () => {
  it('shows an instant in UTC with hours and minutes', () => {
    expect(formatDateTime('2026-03-12T14:05:59.123Z')).toBe('12 Mar 2026, 14:05 UTC');
    expect(formatDateTime('2026-03-12T09:05:00-05:00')).toBe('12 Mar 2026, 14:05 UTC');
  });

  it('says N/A without an instant', () => {
    expect(formatDateTime(undefined)).toBe(NO_DATE);
  });
});
