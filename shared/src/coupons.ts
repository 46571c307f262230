import { z } from 'zod';
import { zText } from './form-fields.ts';
import { ZFlag, zDecimalAmount } from './spec-values.ts';

/**
 * Coupon codes (part 2 §3 Coupon, Coupon validation; §4; §5; §8). A coupon takes a fixed amount off
 * (never a percentage), may be limited to products and to one harvest center, and may be used
 * max_use_number times (0 = unlimited). Codes are kept upper case and compare in any case.
 */

export const COUPON_TEXTS = {
  created: 'Coupon code has been Created!',
  updated: 'Coupon code has been Updated!',
  removed: 'Coupon code has been Removed!',
  removeConfirm: 'Are you sure you want to remove this coupon code?',
  listTitle: 'Coupons List',
  addTitle: 'Add Coupon Code',
  editTitle: 'Edit Coupon Code',
  unlimitedHint: '0 means unlimited',
} as const;

/** Why a code is refused, for the red mark and the checkout's error. */
export const COUPON_REJECTIONS = {
  unknown: 'This coupon code is not valid.',
  inactive: 'This coupon code is not active.',
  usedUp: 'This coupon code has already been used the maximum number of times.',
  wrongProduct: 'This coupon code does not apply to this product.',
  wrongHarvestCenter: 'This coupon code is not valid for this harvest center.',
} as const;
export const COUPON_CODE_TAKEN = 'A coupon with this code already exists.';
/**
 * Code checks an account may make in a minute (validate-code; unknown codes at checkout count the
 * same): enough for a person typing codes, too few to guess them (unlimited, one account tried about
 * 400 a second).
 */
export const COUPON_CHECKS_PER_MINUTE = 30;
/** The answer (429) to an account that checks too many codes in a minute. */
export const COUPON_CHECKS_LIMITED = 'Too many coupon codes checked. Please wait a minute and try again.';

/** The facts of a coupon the rule needs. */
export type CouponTerms = {
  status: boolean;
  maxUseNumber: number;
  usedNumber: number;
  productIds: readonly number[];
  harvestCenterId: number | null;
};

/** Whether a coupon may be used for this product and harvest center: null, or why not. */
export function couponRejection(
  coupon: CouponTerms | null,
  use: { productId: number; harvestCenterId: number | null },
): string | null {
  if (!coupon) return COUPON_REJECTIONS.unknown;
  if (!coupon.status) return COUPON_REJECTIONS.inactive;
  if (coupon.maxUseNumber > 0 && coupon.usedNumber >= coupon.maxUseNumber) return COUPON_REJECTIONS.usedUp;
  if (coupon.productIds.length > 0 && !coupon.productIds.includes(use.productId)) {
    return COUPON_REJECTIONS.wrongProduct;
  }
  if (coupon.harvestCenterId !== null && coupon.harvestCenterId !== use.harvestCenterId) {
    return COUPON_REJECTIONS.wrongHarvestCenter;
  }
  return null;
}

/** A fixed discount never takes an order below zero: the part of it that applies. */
export function applicableDiscountCents(discountCents: number, grossCents: number): number {
  return Math.max(0, Math.min(discountCents, grossCents));
}

/** "1,2, 14" or [1, 2, 14] -> [1, 2, 14] (the spec's comma list, or an array). */
const ZProductIds = z.union([z.string(), z.array(z.number().int().positive())]).transform((value, ctx) => {
  if (Array.isArray(value)) return [...new Set(value)];
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.some((part) => !/^\d+$/.test(part))) {
    ctx.addIssue({ code: 'custom', message: 'Products must be a list of product ids' });
    return z.NEVER;
  }
  return [...new Set(parts.map(Number))];
});

/** A code as stored and compared: upper case, whatever case it was typed in ("welcome100" → "WELCOME100"). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const DISCOUNT_REQUIRED = 'Discount amount is required';
const MAX_DISCOUNT_CENTS = 100_000_000;

/**
 * POST v1/coupon-codes/ and PUT v1/coupon-codes/{id}/: the spec's payload (part 2 §3 Coupon) with
 * discount_amount as a decimal amount ("100.00" or 100.5) and status as 1/0 or true/false; our
 * discount_amount_cents and "yes"/"no" are accepted too. One of the two amounts is required.
 */
export const ZCouponBody = z
  .object({
    name: zText(100).min(1, 'Name is required'),
    code: z
      .string()
      .trim()
      .min(1, 'Code is required')
      .max(40, 'At most 40 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
      .transform(normalizeCouponCode),
    max_use_number: z.number().int().min(0, 'Max use cannot be negative').max(1_000_000),
    discount_amount: zDecimalAmount({
      min: 1,
      max: MAX_DISCOUNT_CENTS,
      minMessage: DISCOUNT_REQUIRED,
    }).optional(),
    discount_amount_cents: z.number().int().min(1, DISCOUNT_REQUIRED).max(MAX_DISCOUNT_CENTS).optional(),
    product_ids: ZProductIds.default([]),
    harvest_center: z.number().int().positive().nullable().default(null),
    status: ZFlag.default(true),
  })
  .superRefine((body, ctx) => {
    if (body.discount_amount === undefined && body.discount_amount_cents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['discount_amount'], message: DISCOUNT_REQUIRED });
    }
  });
export type TCouponBody = z.input<typeof ZCouponBody>;
type TCouponBodyOutput = z.output<typeof ZCouponBody>;

/** The discount of a coupon body, in cents (the schema makes sure one of the two is there). */
export function discountCentsOf(body: Pick<TCouponBodyOutput, 'discount_amount' | 'discount_amount_cents'>) {
  const cents = body.discount_amount_cents ?? body.discount_amount;
  if (cents === undefined) throw new Error('A coupon body without a discount passed validation');
  return cents;
}

export const ZCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  max_use_number: z.number().int(),
  /** Dollars with two decimals ("25.00") for display; compute with discount_amount_cents. */
  discount_amount: z.string(),
  discount_amount_cents: z.number().int(),
  /** The spec's comma list ("2,14"), empty when any product. */
  product_ids: z.string(),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  harvest_center: z.number().int().nullable(),
  hc_desc: z.array(z.object({ id: z.number().int(), company: z.string() })),
  used_number: z.number().int(),
  status: z.boolean(),
});
export type TCoupon = z.infer<typeof ZCoupon>;

/** POST v1/coupon-codes/validate-code/. */
export const ZCouponValidateBody = z.object({
  code: z.string().trim().min(1, 'Code is required').max(40).transform(normalizeCouponCode),
  product_id: z.number().int().positive(),
  harvest_center_id: z.number().int().positive().nullable().optional(),
});
export type TCouponValidateBody = z.input<typeof ZCouponValidateBody>;

export const ZCouponValidation = z.object({
  success: z.boolean(),
  /** Dollars ("25.00"); 0 when refused. */
  discount: z.string(),
  discount_cents: z.number().int(),
  coupon_id: z.number().int().nullable(),
  code: z.string(),
  message: z.string().optional(),
});
export type TCouponValidation = z.infer<typeof ZCouponValidation>;
