import { z } from 'zod';

/**
 * Values as the specifications send them (part 2 §3): money as a decimal amount ("100.00", 100,
 * 100.5) and flags as 1/0 or true/false. The API turns them into its own: integer cents and booleans.
 */

export const AMOUNT_MESSAGE = 'Enter an amount such as 100 or 100.50 (at most 2 decimals).';
export const NEGATIVE_AMOUNT_MESSAGE = 'The amount cannot be negative.';
export const FLAG_MESSAGE = 'Use 1 or 0 (true or false).';

/**
 * "100.00", "100.5", 100, 100.5 → cents, exactly: the decimal text is read digit by digit, never
 * multiplied as a float (0.29 * 100 is 28.999…). Null for anything else: more than 2 decimals, an
 * exponent, a sign other than a leading minus, blank text, or a number that is not finite.
 */
export function decimalToCents(value: string | number): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String(0.1 + 0.2) is "0.30000000000000004": refused below like any third decimal.
    text = String(value);
  } else {
    text = value.trim();
  }
  const match = /^(-?)(\d+)(?:\.(\d{0,2}))?$/.exec(text) ?? /^(-?)()\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (whole.length > 13) return null; // beyond any amount here, and past exact doubles
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** A decimal amount (text or number) as integer cents, from 0 (or `min` cents) to `max` cents. */
export function zDecimalAmount(options: { min?: number; max: number; minMessage?: string }) {
  const min = options.min ?? 0;
  return z.union([z.string(), z.number()], { message: AMOUNT_MESSAGE }).transform((value, ctx) => {
    const cents = decimalToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    if (cents < 0) {
      ctx.addIssue({ code: 'custom', message: NEGATIVE_AMOUNT_MESSAGE });
      return z.NEVER;
    }
    if (cents < min) {
      ctx.addIssue({ code: 'custom', message: options.minMessage ?? `Must be at least ${min / 100}.` });
      return z.NEVER;
    }
    if (cents > options.max) {
      ctx.addIssue({ code: 'custom', message: `Must be at most ${options.max / 100}.` });
      return z.NEVER;
    }
    return cents;
  });
}

const FLAG_VALUES = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ['1', true],
  ['0', false],
  ['true', true],
  ['false', false],
  ['yes', true],
  ['no', false],
]);

/** A flag: true/false, 1/0, "1"/"0", "true"/"false" or "yes"/"no" (any case) → a boolean. */
export const ZFlag = z
  .union([z.boolean(), z.number(), z.string()], { message: FLAG_MESSAGE })
  .transform((value, ctx) => {
    const flag = FLAG_VALUES.get(typeof value === 'string' ? value.trim().toLowerCase() : value);
    if (flag === undefined) {
      ctx.addIssue({ code: 'custom', message: FLAG_MESSAGE });
      return z.NEVER;
    }
    return flag;
  });

/**
 * A list of ids as a list or as the spec's comma text ("12,14"); a lone id counts as a list of
 * one. Each a positive 32-bit integer, at most `max` of them, without repeats.
 */
export function zIdList(options: { max: number; message: string }) {
  const tooMany = `At most ${options.max}`;
  return z
    .union([z.array(z.number()), z.string(), z.number()], { message: options.message })
    .transform((value, ctx) => {
      const parts =
        typeof value === 'string'
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
          : [value].flat().map(String);
      if (!parts.every((part) => /^\d{1,10}$/.test(part))) {
        ctx.addIssue({ code: 'custom', message: options.message });
        return z.NEVER;
      }
      const ids = [...new Set(parts.map(Number))];
      if (!ids.every((id) => id > 0 && id <= 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: options.message });
        return z.NEVER;
      }
      if (ids.length > options.max) {
        ctx.addIssue({ code: 'custom', message: tooMany });
        return z.NEVER;
      }
      return ids;
    });
}
