import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDisplayDate,
  formatDisplayDateTime,
  formatDisplayMonth,
  formatSpreadsheetDateTime,
  isIsoDate,
  NO_DATE,
} from './dates.ts';

describe('calendar dates', () => {
  it('validates real days only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
  });
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the one date format', () => {
  const instant = new Date('2026-11-26T15:25:17.922Z');

  it('shows a day as "12 Mar 2026", whether given as a calendar day, an ISO instant or a Date', () => {
    expect(formatDisplayDate('2026-03-12')).toBe('12 Mar 2026');
    expect(formatDisplayDate('2026-09-01')).toBe('1 Sep 2026');
    expect(formatDisplayDate(instant)).toBe('26 Nov 2026');
    expect(formatDisplayDate('2026-11-26T15:25:17.922Z')).toBe('26 Nov 2026');
    // The UTC day: late evening in New York is already the next day.
    expect(formatDisplayDate('2026-12-31T23:59:59-05:00')).toBe('1 Jan 2027');
    expect(formatDisplayDate('2027-01-01T00:30:00+02:00')).toBe('31 Dec 2026');
  });

  it('shows an instant with its UTC time to the minute, and a calendar day without a time', () => {
    expect(formatDisplayDateTime(instant)).toBe('26 Nov 2026, 15:25 UTC');
    expect(formatDisplayDateTime('2026-01-05T04:03:00Z')).toBe('5 Jan 2026, 04:03 UTC');
    expect(formatDisplayDateTime('2026-03-12T09:05:59-05:00')).toBe('12 Mar 2026, 14:05 UTC');
    expect(formatDisplayDateTime('2026-03-12')).toBe('12 Mar 2026');
  });

  it('shows a month (a chart axis) as "Mar 2026"', () => {
    expect(formatDisplayMonth('2026-03')).toBe('Mar 2026');
    expect(formatDisplayMonth('2026-12')).toBe('Dec 2026');
  });

  it('says N/A for a missing or unreadable date, or what the caller asks for', () => {
    for (const missing of [null, undefined, '', 'not a date', new Date(Number.NaN)]) {
      expect(formatDisplayDate(missing)).toBe(NO_DATE);
      expect(formatDisplayDateTime(missing)).toBe(NO_DATE);
    }
    expect(formatDisplayDate(null, '—')).toBe('—');
  });

  it('writes spreadsheet text that a spreadsheet reads as a date and time: no comma, no zone', () => {
    expect(formatSpreadsheetDateTime(instant)).toBe('26 Nov 2026 15:25');
    expect(formatSpreadsheetDateTime('2026-03-12')).toBe('12 Mar 2026');
    expect(formatSpreadsheetDateTime(null)).toBe('');
  });
});
