import { describe, expect, it } from 'vitest';
import { centsToDecimalString, dollarsToCents, formatCents } from './products.ts';

describe('money formatting', () => {
  it('reads typed dollars as whole cents without float loss', () => {
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(1.005)).toBe(100);
    expect(dollarsToCents('3500')).toBe(350000);
  });

  it('turns cents into the decimal price string of the API', () => {
    expect(centsToDecimalString(350000)).toBe('3500.00');
    expect(centsToDecimalString(9505)).toBe('95.05');
    expect(centsToDecimalString(7)).toBe('0.07');
    expect(centsToDecimalString(-150)).toBe('-1.50');
  });
  it('formats cents with a dollar sign', () => {
    expect(formatCents(350000)).toBe('$3,500.00');
    expect(formatCents(0)).toBe('$0.00');
  });
});
