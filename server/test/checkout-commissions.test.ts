import { randomUUID } from 'node:crypto';
import { PRODUCT } from '@portal/shared/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, transactions } from '../src/db/schema/commerce.ts';
import { products } from '../src/db/schema/vials.ts';
import type { UserRow } from '../src/seed/factories.ts';
import { createHarvestCenter, createSalesRep } from '../src/seed/patient-factories.ts';
import { createCommissionRate } from '../src/seed/transaction-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { checkoutAddress, tokenizeTestCard } from './helpers/commerce.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * The commission shares a checkout writes with its transaction (issue 41): each level of the buyer's
 * sales chain gets its rate in force at the time of the order, of the amount actually paid (after
 * the coupon), in whole cents rounded half up. The expected shares are worked out here by hand
 * from the rates, not with the portal's own function, so a wrong rule there shows too.
 */

let t: TestApp;
let w: ChainWorld;
const price: Record<number, { priceCents: number; shippingFeeCents: number }> = {};

const DAY_MS = 24 * 3600 * 1000;
/** Basis points per level: 12.5 %, 3.33 % and 0.75 %, so that most shares need rounding. */
const FEE_RATES = { rep: 1250, manager: 333, distributor: 75 } as const;
const VIAL_RATES = { rep: 1000, manager: 250, distributor: 125 } as const;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
  for (const id of [PRODUCT.processingFee, PRODUCT.vials]) {
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    price[id] = row;
  }
  const yesterday = new Date(Date.now() - DAY_MS);
  for (const [productId, rates] of [
    [PRODUCT.processingFee, FEE_RATES],
    [PRODUCT.vials, VIAL_RATES],
  ] as const) {
    for (const [level, rateBasisPoints] of Object.entries(rates)) {
      const l = level as keyof typeof rates;
      // Replaced rates (last month's) and announced ones (tomorrow's) are not the rate in force.
      await createCommissionRate(t.db, {
        productId,
        level: l,
        rateBasisPoints: 4000,
        effectiveFrom: new Date(Date.now() - 30 * DAY_MS),
      });
      await createCommissionRate(t.db, { productId, level: l, rateBasisPoints, effectiveFrom: yesterday });
      await createCommissionRate(t.db, {
        productId,
        level: l,
        rateBasisPoints: 9000,
        effectiveFrom: new Date(Date.now() + DAY_MS),
      });
    }
  }
});
afterAll(() => t.close());

const ADDRESS = checkoutAddress('Commission Harvest');

async function checkout(buyer: UserRow, extra: Record<string, unknown>) {
  const res = await injectAs(t.app, buyer, {
    method: 'POST',
    url: '/api/v1/transactions/create-transaction/',
    payload: {
      idempotency_key: randomUUID(),
      product_id: PRODUCT.processingFee,
      addressInfo: ADDRESS,
      shippingInfo: ADDRESS,
      harvest_center_email: 'hc@example.test',
      harvest_center_billing_email: 'billing@example.test',
      credit_card: { full_name: 'Pat Payer', opaque_data: await tokenizeTestCard(t, buyer) },
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db.select().from(transactions).where(eq(transactions.id, res.json().transaction_id));
  return row;
}

async function createCoupon(discountAmountCents: number) {
  const [row] = await t.db
    .insert(coupons)
    .values({ name: 'Commission test', code: `C${randomUUID().slice(0, 8)}`, discountAmountCents })
    .returning();
  return row;
}

/** A share by hand: amount × rate / 10 000, half a cent and more rounded up. */
const shareOf = (amountCents: number, basisPoints: number) =>
  Math.floor((amountCents * basisPoints + 5_000) / 10_000);

const sharesOf = (row: typeof transactions.$inferSelect) => ({
  rep: row.repCommissionCents,
  manager: row.managerCommissionCents,
  distributor: row.distributorCommissionCents,
});

describe('commission shares written by a checkout', () => {
  it('without a coupon: each level its rate in force of the amount paid, in whole cents', async () => {
    const fee = price[PRODUCT.processingFee];
    const amount = fee.priceCents + fee.shippingFeeCents;
    const row = await checkout(w.hcA, {});
    expect(row).toMatchObject({
      amountCents: amount,
      salesRepId: w.repA.id,
      salesManagerId: w.managerA.id,
      salesDistributorId: w.distributorA.id,
    });
    const expected = {
      rep: shareOf(amount, FEE_RATES.rep),
      manager: shareOf(amount, FEE_RATES.manager),
      distributor: shareOf(amount, FEE_RATES.distributor),
    };
    expect(sharesOf(row)).toEqual(expected);
    for (const cents of Object.values(expected)) {
      expect(Number.isInteger(cents)).toBe(true);
      expect(cents).toBeGreaterThan(0);
    }
    expect(row).toMatchObject({
      repCommissionPaidAt: null,
      managerCommissionPaidAt: null,
      distributorCommissionPaidAt: null,
    });
  });

  it('with a coupon: the shares are of the price after the coupon, not before', async () => {
    const fee = price[PRODUCT.processingFee];
    const coupon = await createCoupon(12_345);
    const gross = fee.priceCents + fee.shippingFeeCents;
    const paid = gross - 12_345;
    const row = await checkout(w.hcA2, { coupon_code: coupon.code });
    expect(row).toMatchObject({ amountCents: paid, discountCents: 12_345, salesRepId: w.repA2.id });
    expect(sharesOf(row)).toEqual({
      rep: shareOf(paid, FEE_RATES.rep),
      manager: shareOf(paid, FEE_RATES.manager),
      distributor: shareOf(paid, FEE_RATES.distributor),
    });
    // The check has teeth: on the price before the coupon every share would be larger.
    expect(row.repCommissionCents).toBeLessThan(shareOf(gross, FEE_RATES.rep));
    expect(row.managerCommissionCents).toBeLessThan(shareOf(gross, FEE_RATES.manager));
  });

  it('several units of another product, with a coupon: that product’s rates of the amount paid', async () => {
    const vials = price[PRODUCT.vials];
    const coupon = await createCoupon(1_001);
    const paid = vials.priceCents * 3 + vials.shippingFeeCents - 1_001;
    const row = await checkout(w.hcB, {
      product_id: PRODUCT.vials,
      product_quantity: 3,
      patient_id: w.patientB1.id,
      coupon_code: coupon.code,
    });
    expect(row).toMatchObject({
      amountCents: paid,
      salesRepId: w.repB.id,
      salesManagerId: w.managerB.id,
      salesDistributorId: w.distributorB.id,
    });
    expect(sharesOf(row)).toEqual({
      rep: shareOf(paid, VIAL_RATES.rep),
      manager: shareOf(paid, VIAL_RATES.manager),
      distributor: shareOf(paid, VIAL_RATES.distributor),
    });
  });

  it('a level nobody holds in the buyer’s chain earns nothing', async () => {
    const fee = price[PRODUCT.processingFee];
    const loneRep = await createSalesRep(t.db, { manager: null });
    const hc = await createHarvestCenter(t.db, { rep: loneRep, lab: w.lab1 });
    const amount = fee.priceCents + fee.shippingFeeCents;
    const row = await checkout(hc, {});
    expect(row).toMatchObject({ salesRepId: loneRep.id, salesManagerId: null, salesDistributorId: null });
    expect(sharesOf(row)).toEqual({ rep: shareOf(amount, FEE_RATES.rep), manager: 0, distributor: 0 });
  });

  it('a coupon that covers everything leaves no share', async () => {
    const coupon = await createCoupon(10_000_000);
    const row = await checkout(w.hcA, { coupon_code: coupon.code });
    expect(row.amountCents).toBe(0);
    expect(sharesOf(row)).toEqual({ rep: 0, manager: 0, distributor: 0 });
  });
});
