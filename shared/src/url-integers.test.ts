import { describe, expect, it } from 'vitest';
import { MAX_ID, URL_INTEGER_MESSAGE, zUrlId, zUrlInteger } from './url-integers.ts';

describe('whole numbers in URLs', () => {
  it('takes plain decimal digits, leading zeros included', () => {
    expect(zUrlId().parse('12')).toBe(12);
    expect(zUrlId().parse('007')).toBe(7);
    expect(zUrlId().parse(String(MAX_ID))).toBe(MAX_ID);
    expect(zUrlInteger(0, 10).parse('0')).toBe(0);
  });

  it('refuses every other spelling with one message', () => {
    for (const text of ['0x10', '1e3', ' 12', '12 ', '+12', '-1', '12.0', '1_000', '', '١٢', 'Infinity']) {
      const result = zUrlId().safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0].message, text).toBe(URL_INTEGER_MESSAGE);
    }
  });

  it('refuses numbers, arrays and out-of-range values', () => {
    expect(zUrlId().safeParse(12).success).toBe(false);
    expect(zUrlId().safeParse(['12']).success).toBe(false);
    expect(zUrlId().safeParse('0').success).toBe(false);
    expect(zUrlId().safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(zUrlId().safeParse('9'.repeat(400)).success).toBe(false);
  });
});
