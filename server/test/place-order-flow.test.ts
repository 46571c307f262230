import { randomUUID } from 'node:crypto';
import { PRODUCT } from '@portal/shared/products';
import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { coupons, transactions } from '../src/db/schema/commerce.ts';
import { documents } from '../src/db/schema/documents.ts';
import { sandboxGatewayCharges } from '../src/db/schema/sandbox-gateway.ts';
import { CHECKOUT_MESSAGES } from '../src/modules/checkout/prepare-order.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { saveTestCard } from './helpers/commerce.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * The undos of the place-order flow (server/src/flows/place-order): when the order's record cannot
 * be written, everything the steps before it did is taken back, the charge outside the database and
 * the agreement files outside the transaction included.
 */

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

async function storedKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const key of t.app.storage.listKeys()) keys.add(key);
  return keys;
}

/** Every insert into transactions fails, as a full disk or a broken constraint would make it. */
async function refuseTransactions(refuse: boolean) {
  if (refuse) {
    await t.db.execute(sql`CREATE FUNCTION test_refuse_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the record cannot be written'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER test_refuse_transaction BEFORE INSERT ON transactions
      FOR EACH ROW EXECUTE FUNCTION test_refuse_transaction()`);
  } else {
    await t.db.execute(sql`DROP TRIGGER test_refuse_transaction ON transactions`);
    await t.db.execute(sql`DROP FUNCTION test_refuse_transaction()`);
  }
}

const ADDRESS = {
  company: 'Referral Center',
  address1: '1 Main Street',
  city: 'Austin',
  state: 'TX',
  country_desc: 'United States',
  zip_code: '73301',
};

describe('placing an order that cannot be recorded', () => {
  it('voids the charge, gives the coupon use and the order key back, and leaves no patient, agreement or file', async () => {
    const [coupon] = await t.db
      .insert(coupons)
      .values({
        name: 'One use',
        code: `U${randomUUID().slice(0, 8)}`,
        discountAmountCents: 1_000,
        maxUseNumber: 1,
      })
      .returning();
    const card = await saveTestCard(t, w.rhcA, w.rhcA.id);
    const email = `undone.${randomUUID().slice(0, 6)}@example.test`;
    const payload = {
      idempotency_key: randomUUID(),
      product_id: PRODUCT.processingFee,
      addressInfo: ADDRESS,
      shippingInfo: ADDRESS,
      harvest_center_email: 'hc@example.test',
      harvest_center_billing_email: 'billing@example.test',
      harvest_center_temporal: w.hcA.id,
      create_patient: true,
      first_name: 'Una',
      last_name: 'Undone',
      phone_number: '5550101',
      email,
      required_signature: true,
      coupon_code: coupon.code,
      auth_customer_payment_profile_id: card.payment_profile_id,
    };
    const place = () =>
      injectAs(t.app, w.rhcA, {
        method: 'POST',
        url: '/api/v1/transactions/create-patient-transaction/',
        payload,
      });
    const [{ lastCharge }] = await t.db
      .select({ lastCharge: sql<number>`coalesce(max(${sandboxGatewayCharges.id}), 0)`.mapWith(Number) })
      .from(sandboxGatewayCharges);
    const filesBefore = await storedKeys();

    await refuseTransactions(true);
    let failed: Awaited<ReturnType<typeof place>>;
    try {
      failed = await place();
    } finally {
      await refuseTransactions(false);
    }

    expect(failed.statusCode, failed.body).toBe(500);
    expect(failed.json().message).toBe(CHECKOUT_MESSAGES.recordFailed);
    // The card was charged, then the charge voided.
    const charges = await t.db
      .select()
      .from(sandboxGatewayCharges)
      .where(gt(sandboxGatewayCharges.id, lastCharge));
    expect(charges).toHaveLength(1);
    expect(charges[0].voidedAt).not.toBeNull();
    const [afterCoupon] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(afterCoupon.usedNumber).toBe(0);
    // The patient and its agreements were in the rolled-back transaction; their files were outside it.
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await t.db.select().from(documents).where(eq(documents.signerEmail, email))).toHaveLength(0);
    expect(await storedKeys()).toEqual(filesBefore);

    // The key was given back: the same order, sent again, is placed once, with the coupon.
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, placed.json().transaction_id));
    expect(row).toMatchObject({ couponId: coupon.id, patientId: placed.json().patient_id });
    expect(await t.db.select().from(documents).where(eq(documents.signerEmail, email))).toHaveLength(3);
  });
});
