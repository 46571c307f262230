import { describe, expect, it } from 'vitest';
import { decimalToCents, ZFlag, zDecimalAmount, zIdList } from './spec-values.ts';

describe('decimalToCents', () => {
  it('reads decimal text and numbers exactly', () => {
    expect(decimalToCents('100.00')).toBe(10_000);
    expect(decimalToCents('100.5')).toBe(10_050);
    expect(decimalToCents(' 7 ')).toBe(700);
    expect(decimalToCents('.5')).toBe(50);
    expect(decimalToCents(100)).toBe(10_000);
    expect(decimalToCents(100.5)).toBe(10_050);
    // Float noise would lose a cent: 0.29 * 100 = 28.999…, 1.005 * 100 = 100.49…
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents(0.29)).toBe(29);
    expect(decimalToCents(19.99)).toBe(1_999);
    expect(decimalToCents('-5.25')).toBe(-525);
    expect(decimalToCents('-0')).toBe(0);
  });

  it('refuses more than 2 decimals, exponents, words and blanks', () => {
    for (const value of [
      '1.005',
      1.005,
      0.1 + 0.2,
      '1e3',
      1e21,
      '',
      ' ',
      'ten',
      '1,000.00',
      '+5',
      '$5',
      Number.NaN,
    ]) {
      expect(decimalToCents(value), String(value)).toBeNull();
    }
  });
});

describe('zDecimalAmount', () => {
  const amount = zDecimalAmount({ min: 1, max: 100_000_000, minMessage: 'Required' });
  it('answers cents, or one clear message', () => {
    expect(amount.parse('275.00')).toBe(27_500);
    expect(amount.safeParse('-1').error?.issues[0].message).toBe('The amount cannot be negative.');
    expect(amount.safeParse('1.234').error?.issues[0].message).toMatch(/at most 2 decimals/);
    expect(amount.safeParse('0').error?.issues[0].message).toBe('Required');
    expect(amount.safeParse('1000000.01').success).toBe(false);
    expect(amount.safeParse(true).success).toBe(false);
  });
});

describe('ZFlag', () => {
  it('reads the spec’s 1/0 and true/false, and yes/no', () => {
    for (const value of [true, 1, '1', 'true', 'TRUE', 'yes'])
      expect(ZFlag.parse(value), String(value)).toBe(true);
    for (const value of [false, 0, '0', 'false', 'no']) expect(ZFlag.parse(value), String(value)).toBe(false);
    for (const value of [2, -1, '', 'maybe', null])
      expect(ZFlag.safeParse(value).success, String(value)).toBe(false);
  });
});

describe('zIdList', () => {
  const ids = zIdList({ max: 3, message: 'A list of ids' });
  it('reads a list, a comma text or one id', () => {
    expect(ids.parse([4, 5, 4])).toEqual([4, 5]);
    expect(ids.parse('4, 5')).toEqual([4, 5]);
    expect(ids.parse('')).toEqual([]);
    expect(ids.parse(7)).toEqual([7]);
    for (const value of ['4,x', [0], [1.5], '1,2,3,4', [2_147_483_648]]) {
      expect(ids.safeParse(value).success, String(value)).toBe(false);
    }
  });
});
