import { z } from 'zod';

/**
 * Products (part 2 §3, §9). Money is integer cents everywhere (`*_cents`); the spec's `price` and
 * `shipping_fee` are also sent, as decimal strings in dollars ("3500.00"), for display and for
 * clients written against the original API. Compute with the cents, never with the strings.
 * Catalogue and prices: docs/decisions/006-product-prices.md.
 */
export const PRODUCT = {
  processingFee: 1,
  vials: 2,
  harvestingKit: 3,
  cannula: 8,
  fiveHarvestingKits: 9,
  fiveCannulas: 10,
  shippingSupplies: 11,
  popUpBanner: 12,
  referralHarvestFee: 13,
  preOrderPatientVials: 14,
} as const;

/** Products 2 and 14 force a patient selection; 14 hides shipping and the shipping date. */
export const PATIENT_PRODUCT_IDS: readonly number[] = [PRODUCT.vials, PRODUCT.preOrderPatientVials];

export const ZProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  /** Dollars with two decimals, e.g. "3500.00". */
  price: z.string(),
  shipping_fee_cents: z.number().int(),
  shipping_fee: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

/** GET /api/v1/products/list-all-options/: the product plus the option fields. */
export const ZProductOption = ZProduct.extend({ value: z.number().int(), label: z.string() });
export type TProductOption = z.infer<typeof ZProductOption>;

/** 350000 → "3500.00"; integer arithmetic only. */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A dollar amount typed in a form (12.5, "12.50") → 1250 cents, rounded to the nearest cent so
 * that float noise (0.29 * 100 = 28.999…) never loses one.
 */
export function dollarsToCents(dollars: number | string): number {
  return Math.round(Number(dollars) * 100);
}

/** 350000 → "$3,500.00" */
export function formatCents(cents: number): string {
  const [whole, fraction] = centsToDecimalString(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${Number(whole).toLocaleString('en-US')}.${fraction}`;
}
