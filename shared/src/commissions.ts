import { z } from 'zod';
import { ZIsoDate } from './dates.ts';

/**
 * Commissions (issue 12, beyond the spec): rates per product and level, kept with their history;
 * each transaction stores its shares when it is written, so a later rate change never rewrites
 * the past.
 */

export const COMMISSION_LEVELS = ['rep', 'manager', 'distributor'] as const;
export type CommissionLevel = (typeof COMMISSION_LEVELS)[number];

export const COMMISSION_LEVEL_LABELS: Record<CommissionLevel, string> = {
  rep: 'Sales Rep',
  manager: 'Sales Manager',
  distributor: 'Sales Distributor',
};

export const COMMISSION_TEXTS = {
  title: 'Commissions',
  ratesTitle: 'Commission Rates',
  rateSaved: 'Commission rate has been saved!',
  markedPaid: 'Commissions have been marked as paid!',
  nothingSelected: 'Select at least one line to mark as paid.',
  nothingToPay: 'The selected lines have nothing left to pay.',
  chartTitle: 'Last 12 months',
} as const;

/** A rate in basis points of the amount: 1250 = 12.5%. */
export const MAX_RATE_BASIS_POINTS = 10_000;

/** The share of an amount at a rate, rounded half up to whole cents. */
export function commissionCents(amountCents: number, rateBasisPoints: number): number {
  if (amountCents <= 0 || rateBasisPoints <= 0) return 0;
  return Math.round((amountCents * rateBasisPoints) / MAX_RATE_BASIS_POINTS);
}

/** "12.5%" from 1250. */
export function formatRate(rateBasisPoints: number): string {
  return `${(rateBasisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** "12.5" typed by an admin → 1250; null when it is not a percentage with at most two decimals. */
export function parseRatePercent(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const basisPoints = Math.round(Number(trimmed) * 100);
  return basisPoints <= MAX_RATE_BASIS_POINTS ? basisPoints : null;
}

export const ZCommissionRateBody = z.object({
  product_id: z.number().int().positive(),
  level: z.enum(COMMISSION_LEVELS),
  rate_basis_points: z.number().int().min(0).max(MAX_RATE_BASIS_POINTS, 'A rate cannot be above 100%'),
  /** From this day (UTC midnight); today when left out. */
  effective_from: ZIsoDate.optional(),
});
export type TCommissionRateBody = z.infer<typeof ZCommissionRateBody>;

export const ZCommissionRate = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  level: z.enum(COMMISSION_LEVELS),
  rate_basis_points: z.number().int(),
  effective_from: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type TCommissionRate = z.infer<typeof ZCommissionRate>;

/** The rates in force now, one line per product, and the history of changes (newest first). */
export const ZCommissionRates = z.object({
  current: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      rep: z.number().int(),
      manager: z.number().int(),
      distributor: z.number().int(),
    }),
  ),
  history: z.array(ZCommissionRate),
});
export type TCommissionRates = z.infer<typeof ZCommissionRates>;

export const ZCommissionPeriodQuery = z
  .object({ date_after: ZIsoDate.optional(), date_before: ZIsoDate.optional() })
  .refine((p) => !p.date_after || !p.date_before || p.date_after <= p.date_before, {
    message: 'The start must not be later than the end.',
    path: ['date_before'],
  });
export type TCommissionPeriod = z.infer<typeof ZCommissionPeriodQuery>;

/** One person's share at one level over the period. */
export const ZCommissionLine = z.object({
  level: z.enum(COMMISSION_LEVELS),
  user_id: z.number().int(),
  name: z.string(),
  transactions: z.number().int(),
  paid_cents: z.number().int(),
  unpaid_cents: z.number().int(),
});
export type TCommissionLine = z.infer<typeof ZCommissionLine>;

export const ZCommissionMonth = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  paid_cents: z.number().int(),
  unpaid_cents: z.number().int(),
});

export const ZCommissionSummary = z.object({
  lines: z.array(ZCommissionLine),
  totals: z.object({ paid_cents: z.number().int(), unpaid_cents: z.number().int() }),
  months: z.array(ZCommissionMonth),
});
export type TCommissionSummary = z.infer<typeof ZCommissionSummary>;

export const ZMarkCommissionsPaidBody = z.object({
  date_after: ZIsoDate.optional(),
  date_before: ZIsoDate.optional(),
  lines: z
    .array(z.object({ level: z.enum(COMMISSION_LEVELS), user_id: z.number().int().positive() }))
    .min(1, COMMISSION_TEXTS.nothingSelected)
    .max(500),
});
export type TMarkCommissionsPaidBody = z.infer<typeof ZMarkCommissionsPaidBody>;

export const ZMarkCommissionsPaidResponse = z.object({
  message: z.string(),
  shares_paid: z.number().int(),
  paid_cents: z.number().int(),
});

/** The last 12 calendar months ending with `now`'s month, oldest first, as 'YYYY-MM'. */
export function lastTwelveMonths(now: Date = new Date()): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}
