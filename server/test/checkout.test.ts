import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { SANDBOX_CVC_MISMATCH, SANDBOX_TEST_CARDS } from '@portal/shared/cards';
import { CHECKOUT_TEXTS, REFERRAL_HARVEST_FEE_CENTS } from '@portal/shared/checkout';
import { COUPON_CHECKS_LIMITED, COUPON_CHECKS_PER_MINUTE, COUPON_REJECTIONS } from '@portal/shared/coupons';
import { PRODUCT } from '@portal/shared/products';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { coupons, transactions } from '../src/db/schema/commerce.ts';
import { documents } from '../src/db/schema/documents.ts';
import { mailOutbox } from '../src/db/schema/platform.ts';
import { sandboxGatewayCharges } from '../src/db/schema/sandbox-gateway.ts';
import { products } from '../src/db/schema/vials.ts';
import { IDEMPOTENCY_TEXTS } from '../src/modules/checkout/checkout-attempts.ts';
import { createHarvestCenter, createPatient } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { allowVialCheckout, saveTestCard, tokenizeTestCard } from './helpers/commerce.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestApp;
let w: ChainWorld;
const logs: string[] = [];
let processingFee: { priceCents: number; shippingFeeCents: number };
let vials: { priceCents: number; shippingFeeCents: number };

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk) => logs.push(String(chunk)));
  t = await buildTestApp({ logStream, env: { LOG_LEVEL: 'info' } });
  w = await createChainWorld(t.db);
  [processingFee] = await t.db.select().from(products).where(eq(products.id, PRODUCT.processingFee));
  [vials] = await t.db.select().from(products).where(eq(products.id, PRODUCT.vials));
});
afterAll(() => t.close());

const ADDRESS = {
  company: 'Alpha Harvest',
  address1: '1 Main Street',
  city: 'Austin',
  state: 'TX',
  country_desc: 'United States',
  zip_code: '73301',
};

type Who = { id: number } | string;

async function newCard(who: Who, number: string = SANDBOX_TEST_CARDS.visa, cvc?: string) {
  return { full_name: 'Pat Payer', opaque_data: await tokenizeTestCard(t, who, { number, cvc }) };
}

function order(extra: Record<string, unknown>) {
  return {
    idempotency_key: randomUUID(),
    product_id: PRODUCT.processingFee,
    addressInfo: ADDRESS,
    shippingInfo: ADDRESS,
    harvest_center_email: 'hc@example.test',
    harvest_center_billing_email: 'billing@example.test',
    ...extra,
  };
}

const checkout = (who: Who, payload: object, url = '/api/v1/transactions/create-transaction/') =>
  injectAs(t.app, who, { method: 'POST', url, payload });

async function createCoupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(coupons)
    .values({ name: 'Test', code: `C${randomUUID().slice(0, 8)}`, discountAmountCents: 10_000, ...values })
    .returning();
  return row;
}

async function transactionsOf(buyerId: number) {
  return t.db.select().from(transactions).where(eq(transactions.buyerUserId, buyerId));
}

describe('checkout', () => {
  it('an HC pays the processing fee with a new card and a coupon: one transaction, the server price, a receipt', async () => {
    const coupon = await createCoupon({ discountAmountCents: 50_000, maxUseNumber: 3 });
    const expected = processingFee.priceCents + processingFee.shippingFeeCents - 50_000;
    const res = await checkout(
      w.hcA,
      order({
        coupon_code: coupon.code.toLowerCase(),
        credit_card: await newCard(w.hcA),
        total_amount_cents: expected,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 'success', total_amount_cents: expected, error_message: '' });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, body.transaction_id));
    expect(row).toMatchObject({
      invoiceId: body.invoice_id,
      buyerUserId: w.hcA.id,
      harvestCenterId: w.hcA.id,
      salesRepId: w.repA.id,
      salesManagerId: w.managerA.id,
      salesDistributorId: w.distributorA.id,
      amountCents: expected,
      discountCents: 50_000,
      couponId: coupon.id,
      cardType: 'Visa',
      cardLast4: '1111',
      orderDescription: 'Harvest Center Processing Fee',
    });
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used.usedNumber).toBe(1);

    await t.app.mailWorker.drain();
    const receiptMail = t.mail.sent.find((m) => m.subject.includes(String(body.invoice_id)));
    expect(receiptMail?.to).toBe('billing@example.test');
    const attachment = receiptMail?.attachments?.[0];
    expect(attachment?.filename).toBe(`receipt-${body.invoice_id}.pdf`);
    const pdf = await PDFDocument.load(attachment?.content as Buffer);
    expect(pdf.getTitle()).toBe(`Receipt ${body.invoice_id}`);

    const receipt = await injectAs(t.app, w.hcA, {
      method: 'GET',
      url: `/api/v1/transactions/${body.transaction_id}/receipt/`,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const who of [w.admin, w.staffA]) {
      const ok = await injectAs(t.app, who, {
        method: 'GET',
        url: `/api/v1/transactions/${body.transaction_id}/receipt/`,
      });
      expect(ok.statusCode).toBe(200);
    }
    for (const who of [w.hcB, w.repA, w.patientA1]) {
      const no = await injectAs(t.app, who, {
        method: 'GET',
        url: `/api/v1/transactions/${body.transaction_id}/receipt/`,
      });
      expect(no.statusCode).toBe(403);
    }

    const history = await injectAs(t.app, w.hcA, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${w.hcA.id}/transactions-history/processing-fee/`,
    });
    expect(history.json().results[0]).toMatchObject({
      id: body.transaction_id,
      invoice_id: body.invoice_id,
      product: [{ id: PRODUCT.processingFee }],
      // The coupon's own code, whatever case the buyer typed it in.
      coupon_code_used: coupon.code,
      card_last4: '1111',
    });
  });

  it('a declined card answers 402 with the reason and leaves no transaction and no used coupon', async () => {
    const coupon = await createCoupon({ maxUseNumber: 1 });
    const before = (await transactionsOf(w.hcA2.id)).length;
    for (const [number, cvc, message] of [
      [SANDBOX_TEST_CARDS.declined, undefined, 'The card was declined.'],
      [SANDBOX_TEST_CARDS.visa, SANDBOX_CVC_MISMATCH, "The card's security code (CVC) does not match."],
    ] as const) {
      const res = await checkout(
        w.hcA2,
        order({ coupon_code: coupon.code, credit_card: await newCard(w.hcA2, number, cvc) }),
      );
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        code: 'error',
        message: CHECKOUT_TEXTS.declinedTitle,
        error_message: message,
      });
    }
    expect((await transactionsOf(w.hcA2.id)).length).toBe(before);
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after.usedNumber).toBe(0);
  });

  it('pays with a saved card, and refuses a card saved on another account', async () => {
    const card = await saveTestCard(t, w.hcA2, w.hcA2.id);
    const res = await checkout(w.hcA2, order({ auth_customer_payment_profile_id: card.payment_profile_id }));
    expect(res.statusCode, res.body).toBe(200);
    const other = await checkout(w.hcB, order({ auth_customer_payment_profile_id: card.payment_profile_id }));
    expect(other.statusCode).toBe(400);
  });

  it('a coupon that covers everything charges nothing', async () => {
    const coupon = await createCoupon({ discountAmountCents: 10_000_000 });
    const res = await checkout(
      w.hcA2,
      order({ coupon_code: coupon.code, credit_card: await newCard(w.hcA2) }),
    );
    expect(res.json()).toMatchObject({ code: 'success', total_amount_cents: 0 });
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.json().transaction_id));
    expect(row).toMatchObject({ amountCents: 0, cardLast4: '', gatewayTransactionId: '' });
  });

  it('the same order key never charges twice: sent again, the order is answered, not charged again', async () => {
    const card = await saveTestCard(t, w.hcB, w.hcB.id);
    const payload = order({ auth_customer_payment_profile_id: card.payment_profile_id });
    const chargesBefore = (await t.db.select().from(sandboxGatewayCharges)).length;
    const first = await checkout(w.hcB, payload);
    const again = await checkout(w.hcB, payload);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().transaction_id).toBe(first.json().transaction_id);
    expect((await t.db.select().from(sandboxGatewayCharges)).length).toBe(chargesBefore + 1);
    const otherOrder = await checkout(w.hcB, { ...payload, product_quantity: 2 });
    expect(otherOrder.statusCode).toBe(409);
    expect(otherOrder.json().message).toBe(IDEMPOTENCY_TEXTS.otherOrder);
  });

  // PostgreSQL only: there the two requests run at the same time on two connections (PGlite has one,
  // so its requests take turns). A lock on the transactions table holds whichever claimed the key
  // just before its record, so the other surely arrives while the order is still being placed.
  it.runIf(onPostgres)(
    'the same order sent twice at once: one 200, and a 409 for the duplicate while the first is placed',
    async () => {
      const card = await saveTestCard(t, w.hcB, w.hcB.id);
      const payload = order({ auth_customer_payment_profile_id: card.payment_profile_id });
      const chargesBefore = (await t.db.select().from(sandboxGatewayCharges)).length;
      const hold = new pg.Client({ connectionString: t.database.connectionString });
      await hold.connect();
      try {
        await hold.query('BEGIN');
        await hold.query('LOCK TABLE transactions IN SHARE MODE');
        const requests = [checkout(w.hcB, payload), checkout(w.hcB, payload)];
        // The duplicate answers at once; the first waits for the lock (both would, were the key not claimed).
        const duplicate = await Promise.race([...requests, delay(10_000).then(() => null)]);
        await hold.query('COMMIT');
        const answers = await Promise.all(requests);
        expect(duplicate?.statusCode).toBe(409);
        expect(duplicate?.json().message).toBe(IDEMPOTENCY_TEXTS.inProgress);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const paid = answers.find((r) => r.statusCode === 200);
        const replay = await checkout(w.hcB, payload);
        expect(replay.statusCode).toBe(200);
        expect(replay.json().transaction_id).toBe(paid?.json().transaction_id);
        expect((await t.db.select().from(sandboxGatewayCharges)).length).toBe(chargesBefore + 1);
      } finally {
        await hold.end();
      }
    },
  );

  it('20 parallel checkouts on a 5-use coupon use it exactly 5 times', async () => {
    const coupon = await createCoupon({ maxUseNumber: 5, discountAmountCents: 1_000 });
    const card = await saveTestCard(t, w.hcA, w.hcA.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkout(
          w.hcA,
          order({ coupon_code: coupon.code, auth_customer_payment_profile_id: card.payment_profile_id }),
        ),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBe(5);
    for (const refused of results.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.coupon_code).toBe(COUPON_REJECTIONS.usedUp);
    }
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after.usedNumber).toBe(5);
    const withCoupon = await t.db.select().from(transactions).where(eq(transactions.couponId, coupon.id));
    expect(withCoupon.length).toBe(5);
  });

  it('coupon restrictions: product, harvest center, inactive', async () => {
    const card = await newCard(w.hcA);
    const cases = [
      [await createCoupon({ productIds: [PRODUCT.vials] }), COUPON_REJECTIONS.wrongProduct],
      [await createCoupon({ harvestCenterId: w.hcB.id }), COUPON_REJECTIONS.wrongHarvestCenter],
      [await createCoupon({ status: false }), COUPON_REJECTIONS.inactive],
    ] as const;
    for (const [coupon, message] of cases) {
      const res = await checkout(w.hcA, order({ coupon_code: coupon.code, credit_card: card }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.coupon_code).toBe(message);
      const check = await injectAs(t.app, w.hcA, {
        method: 'POST',
        url: '/api/v1/coupon-codes/validate-code/',
        payload: { code: coupon.code, product_id: PRODUCT.processingFee },
      });
      expect(check.json()).toMatchObject({ success: false, discount_cents: 0, message });
    }
    const good = await createCoupon({ harvestCenterId: w.hcA.id, productIds: [PRODUCT.processingFee] });
    const check = await injectAs(t.app, w.hcA, {
      method: 'POST',
      url: '/api/v1/coupon-codes/validate-code/',
      payload: { code: good.code, product_id: PRODUCT.processingFee },
    });
    expect(check.json()).toMatchObject({ success: true, discount_cents: 10_000, coupon_id: good.id });
  });

  it('takes the price from the product table: a different total the buyer saw is refused before charging', async () => {
    const res = await checkout(
      w.hcA,
      order({ credit_card: await newCard(w.hcA), total_amount_cents: 1, product_amount: 1 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CHECKOUT_TEXTS.priceChanged);
  });

  it('products 2 and 14 need one of the buyer’s patients; an account without a sales rep cannot order', async () => {
    const card = await newCard(w.hcA);
    const noPatient = await checkout(w.hcA, order({ product_id: PRODUCT.vials, credit_card: card }));
    expect(noPatient.statusCode).toBe(400);
    expect(noPatient.json().errors.patient_id).toBe(CHECKOUT_TEXTS.selectPatient);
    const otherPatient = await checkout(
      w.hcA,
      order({ product_id: PRODUCT.vials, patient_id: w.patientB1.id, credit_card: card }),
    );
    expect(otherPatient.statusCode).toBe(400);
    const mine = await checkout(
      w.hcA,
      order({
        product_id: PRODUCT.vials,
        patient_id: w.patientA1.id,
        product_quantity: 3,
        credit_card: card,
      }),
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().total_amount_cents).toBe(vials.priceCents * 3 + vials.shippingFeeCents);

    const lonely = await createHarvestCenter(t.db, { rep: null });
    const refused = await checkout(lonely, order({ credit_card: await newCard(lonely) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CHECKOUT_TEXTS.noSalesRep);
  });

  it('an RHC referral creates the patient, adds the harvest fee and requests the three agreements', async () => {
    const email = `referred.${randomUUID().slice(0, 6)}@example.test`;
    const res = await checkout(
      w.rhcA,
      order({
        harvest_center_temporal: w.hcA.id,
        rhc_transaction: true,
        create_patient: true,
        first_name: 'Rita',
        last_name: 'Referred',
        email,
        phone_number: '5550101',
        required_signature: true,
        harvest_fee: true,
        credit_card: await newCard(w.rhcA),
      }),
      '/api/v1/transactions/create-patient-transaction/',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total_amount_cents).toBe(
      processingFee.priceCents + processingFee.shippingFeeCents + REFERRAL_HARVEST_FEE_CENTS,
    );
    const [patient] = await t.db.select().from(users).where(eq(users.email, email));
    expect(body.patient_id).toBe(patient.id);
    const docs = await t.db.select().from(documents).where(eq(documents.patientId, patient.id));
    expect(docs.map((d) => d.status)).toEqual(['Pending', 'Pending', 'Pending']);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, body.transaction_id));
    expect(row).toMatchObject({
      harvestCenterId: w.hcA.id,
      referralHarvestCenterId: w.rhcA.id,
      patientId: patient.id,
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.length).toBeGreaterThanOrEqual(2); // the invitation and the signing request

    const history = await injectAs(t.app, w.rhcA, {
      method: 'GET',
      url: `/api/v1/rhc-association/${w.rhcA.id}/transactions-history/processing-fee/`,
    });
    expect(history.json().results[0].patient_documents).toHaveLength(3);
    const notTheirs = await checkout(
      w.rhcA,
      order({
        harvest_center_temporal: w.hcB.id,
        create_patient: true,
        first_name: 'A',
        last_name: 'B',
        email: 'x@example.test',
        phone_number: '1',
        credit_card: await newCard(w.rhcA),
      }),
      '/api/v1/transactions/create-patient-transaction/',
    );
    expect(notTheirs.statusCode).toBe(400);
    const taken = await checkout(
      w.rhcA,
      order({
        harvest_center_temporal: w.hcA.id,
        create_patient: true,
        first_name: 'A',
        last_name: 'B',
        email,
        phone_number: '1',
        credit_card: await newCard(w.rhcA),
      }),
      '/api/v1/transactions/create-patient-transaction/',
    );
    expect(taken.statusCode).toBe(400);
  });

  it('a new patient comes with the processing fee only: another product creates nobody and charges nothing', async () => {
    const email = `not-created.${randomUUID().slice(0, 6)}@example.test`;
    const refused = await checkout(
      w.rhcA,
      order({
        product_id: PRODUCT.vials,
        harvest_center_temporal: w.hcA.id,
        create_patient: true,
        first_name: 'Cheap',
        last_name: 'Patient',
        email,
        phone_number: '5550101',
        credit_card: await newCard(w.rhcA),
      }),
      '/api/v1/transactions/create-patient-transaction/',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toHaveProperty('product_id');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await transactionsOf(w.rhcA.id)).not.toContainEqual(
      expect.objectContaining({ productId: PRODUCT.vials }),
    );
  });

  it('shipping "no" keeps no shipping address or date', async () => {
    const res = await checkout(
      w.hcA,
      order({ shipping_fee: 'no', shipping_date: '2026-12-01', credit_card: await newCard(w.hcA) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.json().transaction_id));
    expect(row.shippingFeeCents).toBe(0);
    expect(row.shippingAddress).toBeNull();
    expect(row.shippingDate).toBeNull();
  });

  it('an account cannot guess coupon codes through checkout faster than at validate-code', async () => {
    const hc = await createHarvestCenter(t.db, { rep: w.repA });
    const attempts = [];
    for (let i = 0; i < COUPON_CHECKS_PER_MINUTE; i++) {
      attempts.push((await checkout(hc, order({ coupon_code: `GUESS${i}` }))).statusCode);
    }
    expect(attempts.every((status) => status === 400)).toBe(true);
    const limited = await checkout(hc, order({ coupon_code: 'GUESS-LAST' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(COUPON_CHECKS_LIMITED);
    // Another account is not held back.
    expect((await checkout(w.hcB, order({ coupon_code: 'GUESS0' }))).statusCode).toBe(400);
  });

  it('a patient with tag 1 orders vials for self; without the tag or for another product it cannot', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const payload = () => ({
      ...order({ product_id: PRODUCT.vials, product_quantity: 2 }),
      credit_card: undefined,
    });
    const untagged = await checkout(
      patient,
      {
        ...payload(),
        credit_card: { full_name: 'P', opaque_data: { data_descriptor: 'x', data_value: 'y' } },
      },
      '/api/v1/users/patient/checkout/',
    );
    expect(untagged.statusCode).toBe(403);
    await allowVialCheckout(t.db, patient);
    const res = await checkout(
      patient,
      { ...payload(), credit_card: await newCard(patient) },
      '/api/v1/users/patient/checkout/',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.json().transaction_id));
    expect(row).toMatchObject({
      patientId: patient.id,
      buyerUserId: patient.id,
      harvestCenterId: w.hcA.id,
      salesRepId: w.repA.id,
    });
    const kit = await checkout(
      patient,
      { ...payload(), product_id: PRODUCT.harvestingKit, credit_card: await newCard(patient) },
      '/api/v1/users/patient/checkout/',
    );
    expect(kit.statusCode).toBe(400);
    const asCenter = await checkout(patient, { ...payload(), credit_card: await newCard(patient) });
    expect(asCenter.statusCode).toBe(403);
  });

  it('history lists answer their center, its staff and admins only', async () => {
    const hcUrl = `/api/v1/harvest-centers/${w.hcA.id}/transactions-history/`;
    for (const who of [w.hcA, w.staffA, w.admin]) {
      expect((await injectAs(t.app, who, { method: 'GET', url: hcUrl })).statusCode).toBe(200);
    }
    for (const who of [w.hcB, w.rhcA, w.repA, w.patientA1]) {
      expect((await injectAs(t.app, who, { method: 'GET', url: hcUrl })).statusCode).toBe(403);
    }
    const rhcUrl = `/api/v1/rhc-association/${w.rhcA.id}/transactions-history/processing-fee/`;
    expect((await injectAs(t.app, w.rhcB, { method: 'GET', url: rhcUrl })).statusCode).toBe(403);
    expect((await injectAs(t.app, w.hcA, { method: 'GET', url: rhcUrl })).statusCode).toBe(403);
  });

  it('never keeps a card number or CVC: not in any table, not in the log', async () => {
    await checkout(w.hcA, order({ credit_card: await newCard(w.hcA, SANDBOX_TEST_CARDS.mastercard, '737') }));
    const tables = await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = ((tables as { rows: { table_name: string }[] }).rows ?? []).map((r) => r.table_name);
    expect(names).toContain('transactions');
    let dump = '';
    for (const name of names) {
      const rows = await t.db.execute(sql.raw(`select t::text as line from "${name}" t`));
      dump += ((rows as { rows: { line: string }[] }).rows ?? []).map((r) => r.line).join('\n');
    }
    for (const secret of [SANDBOX_TEST_CARDS.mastercard, SANDBOX_TEST_CARDS.visa, '5555 5555']) {
      expect(dump).not.toContain(secret);
      expect(logs.join('')).not.toContain(secret);
    }
    expect(dump).not.toMatch(/"cvc"|"cvv"/);
    expect(logs.join('')).not.toContain('"cvc"');
  });
});
