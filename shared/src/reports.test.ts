import { describe, expect, it } from 'vitest';
import {
  COMMISSION_TEXTS,
  commissionCents,
  formatRate,
  lastTwelveMonths,
  parseRatePercent,
  ZCommissionPeriodQuery,
  ZMarkCommissionsPaidBody,
} from './commissions.ts';
import {
  guardSpreadsheetText,
  REPORT_COLUMNS,
  reportColumnsFor,
  TRANSACTION_TEXTS,
  transactionReportFileName,
  ZTransactionEditBody,
  ZTransactionListQuery,
} from './transactions.ts';

describe('commission shares', () => {
  it('rounds half up to whole cents and gives nothing for no amount or no rate', () => {
    expect(commissionCents(10_000, 1000)).toBe(1000);
    expect(commissionCents(999, 250)).toBe(25); // 24.975 → 25
    expect(commissionCents(990, 250)).toBe(25); // 24.75 → 25
    expect(commissionCents(1010, 250)).toBe(25); // 25.25 → 25
    expect(commissionCents(0, 1000)).toBe(0);
    expect(commissionCents(5000, 0)).toBe(0);
    expect(commissionCents(-5000, 1000)).toBe(0);
  });

  it('never gives more than the amount, and the whole amount at 100%', () => {
    for (const amount of [1, 7, 99, 12_345, 100_000_000]) {
      expect(commissionCents(amount, 10_000)).toBe(amount);
      for (const rate of [1, 333, 5000, 9999]) {
        const share = commissionCents(amount, rate);
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeLessThanOrEqual(amount);
      }
    }
  });

  it('shows a rate without trailing zeros and reads what an admin types', () => {
    expect(formatRate(1250)).toBe('12.5%');
    expect(formatRate(1000)).toBe('10%');
    expect(formatRate(5)).toBe('0.05%');
    expect(formatRate(0)).toBe('0%');
    expect(parseRatePercent('12.5')).toBe(1250);
    expect(parseRatePercent(' 2.25 ')).toBe(225);
    expect(parseRatePercent('100')).toBe(10_000);
    expect(parseRatePercent('100.01')).toBeNull();
    expect(parseRatePercent('1.234')).toBeNull();
    expect(parseRatePercent('-1')).toBeNull();
    expect(parseRatePercent('ten')).toBeNull();
    expect(parseRatePercent('')).toBeNull();
    for (const basisPoints of [0, 1, 250, 1250, 9999, 10_000]) {
      expect(parseRatePercent(formatRate(basisPoints).replace('%', ''))).toBe(basisPoints);
    }
  });

  it('lists the last twelve months oldest first, across a year end', () => {
    const months = lastTwelveMonths(new Date('2026-02-28T23:59:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months[10]).toBe('2026-01');
    expect(months[11]).toBe('2026-02');
  });

  it('refuses a period that ends before it starts and a payment of nothing', () => {
    expect(
      ZCommissionPeriodQuery.safeParse({ date_after: '2026-03-01', date_before: '2026-02-01' }).success,
    ).toBe(false);
    expect(
      ZCommissionPeriodQuery.safeParse({ date_after: '2026-02-01', date_before: '2026-02-01' }).success,
    ).toBe(true);
    const empty = ZMarkCommissionsPaidBody.safeParse({ lines: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(COMMISSION_TEXTS.nothingSelected);
  });
});

describe('transaction reports', () => {
  it('names the admin file and the role files with the role and id (part 2 §7)', () => {
    const now = new Date('2026-11-24T21:30:05.123Z');
    expect(transactionReportFileName('admin', 1, 'csv', now)).toBe('transaction_report_20261124T213005Z.csv');
    expect(transactionReportFileName('sales_manager', 42, 'xlsx', now)).toBe(
      'sales_manager_42_transaction_report_20261124T213005Z.xlsx',
    );
  });

  it('gives each role the spec’s columns and the admin the whole row', () => {
    const names = (kind: Parameters<typeof reportColumnsFor>[0]) =>
      reportColumnsFor(kind).map((c) => REPORT_COLUMNS[c]);
    expect(names('sales_rep')).toEqual(['ID', 'Date', 'Patient ID', 'HC', 'RHC', 'Product', 'Amount']);
    expect(names('sales_manager')).toEqual([
      'ID',
      'Date',
      'Patient ID',
      'HC',
      'RHC',
      'Sales Rep Name',
      'Product',
      'Amount',
    ]);
    expect(names('sales_distributor')).toContain('Sales Manager Name');
    expect(reportColumnsFor('admin')).toEqual(Object.keys(REPORT_COLUMNS));
  });

  it('quotes a cell a spreadsheet would run as a formula, and only those', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) {
      expect(guardSpreadsheetText(formula)).toBe(`'${formula}`);
    }
    for (const text of ['Dr. Smith', 'a=b', '', "'already"]) expect(guardSpreadsheetText(text)).toBe(text);
  });

  it('pages by 10 unless asked, and refuses dates out of order with the spec’s text', () => {
    expect(ZTransactionListQuery.parse({}).limit).toBe(10);
    const backwards = ZTransactionListQuery.safeParse({
      date_after: '2026-05-02',
      date_before: '2026-05-01',
    });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]?.message).toBe(TRANSACTION_TEXTS.dateRange);
  });

  it('refuses a negative amount and a zero quantity in an edit', () => {
    const edit = {
      product_id: 1,
      quantity: 1,
      amount_cents: 5000,
      harvest_center: null,
      referral_harvest_center: null,
      patient: null,
      sales_rep: null,
      commission_paid: false,
      transaction_note: 'Refund of the shipping',
    };
    expect(ZTransactionEditBody.safeParse(edit).success).toBe(true);
    expect(ZTransactionEditBody.safeParse({ ...edit, amount_cents: -1 }).success).toBe(false);
    expect(ZTransactionEditBody.safeParse({ ...edit, quantity: 0 }).success).toBe(false);
    expect(ZTransactionEditBody.safeParse({ ...edit, amount_cents: 10.5 }).success).toBe(false);
  });
});
