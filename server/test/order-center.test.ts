import { randomUUID } from 'node:crypto';
import { PRODUCT } from '@portal/shared/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientAccounts } from '../src/db/schema/account-links.ts';
import { transactions } from '../src/db/schema/commerce.ts';
import { CHECKOUT_MESSAGES } from '../src/modules/checkout/prepare-order.ts';
import type { UserRow } from '../src/seed/factories.ts';
import { createPatient, createReferralHarvestCenter } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { allowVialCheckout, checkoutAddress, tokenizeTestCard } from './helpers/commerce.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * Issue 41, medium 3: an order's center is its patient's center. A referral center associated with
 * two harvest centers filed a referred patient's order under the other one, which then read the
 * patient's name in the sale, its history and the receipt, while the patient's own center did not.
 */

let t: TestApp;
let w: ChainWorld;
/** Associated with hcA and hcA2; its patient belongs to hcA. */
let rhc: UserRow;
let referred: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
  rhc = await createReferralHarvestCenter(t.db, { rep: w.repA, harvestCenters: [w.hcA, w.hcA2] });
  referred = await createPatient(t.db, { harvestCenter: w.hcA, referralCenter: rhc, firstName: 'Rosa' });
});
afterAll(() => t.close());

const ADDRESS = checkoutAddress('Referral Clinic');

async function order(who: { id: number }, extra: Record<string, unknown>) {
  return {
    idempotency_key: randomUUID(),
    product_id: PRODUCT.processingFee,
    addressInfo: ADDRESS,
    shippingInfo: ADDRESS,
    credit_card: { full_name: 'Pat Payer', opaque_data: await tokenizeTestCard(t, who) },
    ...extra,
  };
}

const checkout = (who: { id: number }, payload: object, url = '/api/v1/transactions/create-transaction/') =>
  injectAs(t.app, who, { method: 'POST', url, payload });

const ordersOf = (buyerId: number) =>
  t.db.select().from(transactions).where(eq(transactions.buyerUserId, buyerId));

describe("an order's center is its patient's center", () => {
  it("an RHC's order for its referred patient of HC A naming HC B is refused on harvest_center_temporal, nothing charged", async () => {
    const before = (await ordersOf(rhc.id)).length;
    const res = await checkout(
      rhc,
      await order(rhc, {
        patient_id: referred.id,
        harvest_center_temporal: w.hcA2.id,
        rhc_transaction: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ harvest_center_temporal: CHECKOUT_MESSAGES.notPatientsCenter });
    expect(await ordersOf(rhc.id)).toHaveLength(before);
    // HC B never sees the patient's sale.
    const history = await injectAs(t.app, w.hcA2, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${w.hcA2.id}/transactions-history/`,
    });
    expect(history.json().results).toEqual([]);
  });

  it("the same order naming the patient's own HC is filed under it, and the patient's center sees it", async () => {
    const res = await checkout(
      rhc,
      await order(rhc, { patient_id: referred.id, harvest_center_temporal: w.hcA.id, rhc_transaction: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.json().transaction_id));
    expect(row).toMatchObject({
      harvestCenterId: w.hcA.id,
      referralHarvestCenterId: rhc.id,
      patientId: referred.id,
    });
    const history = await injectAs(t.app, w.hcA, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${w.hcA.id}/transactions-history/`,
    });
    expect(history.json().results.map((r: { id: number }) => r.id)).toContain(row.id);
  });

  it('an order that names no center keeps to the RHC, as before', async () => {
    const res = await checkout(
      rhc,
      await order(rhc, {
        product_id: PRODUCT.vials,
        patient_id: referred.id,
        harvest_center_temporal: null,
        rhc_transaction: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it("an HC's order for its patient naming another center is refused; naming itself passes", async () => {
    const refused = await checkout(
      w.hcA,
      await order(w.hcA, {
        product_id: PRODUCT.vials,
        patient_id: w.patientA1.id,
        harvest_center_temporal: w.hcB.id,
      }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toHaveProperty('harvest_center_temporal');
    const own = await checkout(
      w.hcA,
      await order(w.hcA, {
        product_id: PRODUCT.vials,
        patient_id: w.patientA1.id,
        harvest_center_temporal: w.hcA.id,
      }),
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it("a patient's own checkout naming another center is refused; its own center passes", async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    await allowVialCheckout(t.db, patient);
    const url = '/api/v1/users/patient/checkout/';
    const body = (hc: number | null) =>
      order(patient, { product_id: PRODUCT.vials, harvest_center_temporal: hc });
    const refused = await checkout(patient, await body(w.hcB.id), url);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toHaveProperty('harvest_center_temporal');
    const own = await checkout(patient, await body(w.hcA.id), url);
    expect(own.statusCode, own.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, own.json().transaction_id));
    expect(row.harvestCenterId).toBe(w.hcA.id);
  });

  it("create-patient-transaction files the new patient under the center it names (the patient's center by making)", async () => {
    const email = `new.${randomUUID().slice(0, 6)}@example.test`;
    const res = await checkout(
      rhc,
      await order(rhc, {
        harvest_center_temporal: w.hcA2.id,
        create_patient: true,
        first_name: 'Nina',
        last_name: 'New',
        email,
        phone_number: '5550101',
      }),
      '/api/v1/transactions/create-patient-transaction/',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.json().transaction_id));
    const [patient] = await t.db
      .select()
      .from(patientAccounts)
      .where(eq(patientAccounts.userId, res.json().patient_id));
    expect(row.harvestCenterId).toBe(w.hcA2.id);
    expect(patient.harvestCenterId).toBe(w.hcA2.id);
  });
});
