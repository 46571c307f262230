import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { transactions } from '../src/db/schema/commerce.ts';
import { sandboxGatewayCharges } from '../src/db/schema/sandbox-gateway.ts';
import { products } from '../src/db/schema/vials.ts';
import { createUser } from '../src/seed/factories.ts';
import { createHcStaff, createPatient } from '../src/seed/patient-factories.ts';
import { createTransaction } from '../src/seed/transaction-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { saveTestCard, tokenizeTestCard, VALID_EXPIRY } from './helpers/commerce.ts';
import { TINY_PDF } from './helpers/document-world.ts';
import { blankPng, linkOf, multipartBody, sign, testCertificateEnv } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

/*
 * The contract of the two specifications (part 1 §3 and §7, part 2 §3 and §7): every payload they
 * spell out, sent with their own field names and values, is accepted, and every answer carries the
 * fields they name. Names of our own (money in cents, ids as numbers) keep working beside them; the
 * deliberate departures (card numbers never reach the API, a new sales member sets their own
 * password) are asserted as such.
 */

let t: TestApp;
let w: ChainWorld;
let processingFee: { priceCents: number; shippingFeeCents: number };
beforeAll(async () => {
  t = await buildTestApp({ env: await testCertificateEnv() });
  w = await createChainWorld(t.db);
  [processingFee] = await t.db.select().from(products).where(eq(products.id, PRODUCT.processingFee));
});
afterAll(() => t.close());

type Who = { id: number } | string;
const send = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, who, { method, url, ...(payload ? { payload } : {}) });

/** Asserts a 2xx and answers the JSON body. */
function accepted(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** A staged PDF, as a process-file/ route answers it. */
async function stagedPdf(who: Who, url: string): Promise<string> {
  const body = multipartBody({ filename: 'signed.pdf' }, { filename: 'signed.pdf', content: TINY_PDF });
  const res = await injectAs(t.app, who, {
    method: 'POST',
    url,
    payload: body.payload,
    headers: body.headers,
  });
  return accepted(res).filename;
}

const SPEC_ADDRESS = {
  address1: '1 Main Street',
  address2: 'Suite 2',
  city: 'Austin',
  state_desc: 'TX',
  country_desc: 'United States',
  zip_code: '73301',
};

describe('the authorization header (part 1 §7, part 2 §7: "the word token" then the token)', () => {
  it('accepts the scheme word in any case; a wrong token is still refused', async () => {
    const token = await tokenFor(t.app, w.hcA);
    for (const scheme of ['Token', 'token', 'TOKEN']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/users/${w.hcA.id}/`,
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode, `${scheme}: ${res.body}`).toBe(200);
    }
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${w.hcA.id}/`,
      headers: { authorization: `token ${'x'.repeat(40)}` },
    });
    expect(wrong.statusCode).toBe(401);
    const otherScheme = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${w.hcA.id}/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(otherScheme.statusCode).toBe(401);
  });
});

describe('part 1: accounts, documents and vials', () => {
  it('login payload {email, password} answers token, message, user {username, email}', async () => {
    // An account type that is not required a second factor: its sign-in is complete with the password.
    const user = await createUser(t.db, { membershipId: MEMBERSHIP.salesRep, password: 'Spec-login-pass-1' });
    const body = accepted(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login/',
        payload: { email: user.email, password: 'Spec-login-pass-1' },
      }),
    );
    expect(body).toMatchObject({ token: expect.any(String), message: expect.any(String) });
    expect(body.user).toMatchObject({ username: expect.any(String), email: user.email });
  });

  it('password change, profile flow {password_current, password_new, password_confirmation}', async () => {
    const user = await createUser(t.db, { membershipId: MEMBERSHIP.salesRep });
    const body = accepted(
      await send(user, 'POST', `/api/v1/users/update-password/${user.id}/`, {
        password_current: 'test-password',
        password_new: 'Spec-new-password-2',
        password_confirmation: 'Spec-new-password-2',
      }),
    );
    expect(body.message).toEqual(expect.any(String));
  });

  it('password change, admin flow {user_id, new_password_change}', async () => {
    const user = await createUser(t.db, { membershipId: MEMBERSHIP.salesRep });
    const body = accepted(
      await send(w.admin, 'POST', '/api/v1/users/change-password/', {
        user_id: user.id,
        new_password_change: 'Spec-admin-password-3',
      }),
    );
    expect(body.message).toEqual(expect.any(String));
  });

  it('login-as-user {user_id} answers success and message', async () => {
    const body = accepted(await send(w.admin, 'POST', '/api/v1/users/login-as-user/', { user_id: w.hcA.id }));
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
  });

  it('reset-password {email}; email-exists; build-version {version}; check-agreement {agreement}', async () => {
    accepted(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/reset-password/',
        payload: { email: w.hcA.email },
      }),
    );
    expect(
      accepted(await send(w.hcA, 'POST', '/api/v1/users/email-exists/', { email: w.hcB.email })),
    ).toMatchObject({
      exists: true,
    });
    expect(accepted(await t.app.inject({ method: 'GET', url: '/auth/build-version/' }))).toMatchObject({
      version: expect.any(String),
    });
    expect(
      accepted(await send(w.hcA, 'GET', `/api/v1/utilities/check-agreement/${w.hcA.id}/`)),
    ).toMatchObject({
      agreement: true,
    });
  });

  it('utilities: reset-user-password {user_id, user_name} answers message', async () => {
    const body = accepted(
      await send(w.admin, 'POST', '/api/v1/utilities/reset-user-password/', {
        user_id: w.patientA1.id,
        user_name: 'Ann Alpha',
      }),
    );
    expect(body.message).toEqual(expect.any(String));
  });

  it('harvest center create {email, first_name, last_name, company, password, subscription: 4}', async () => {
    const body = accepted(
      await send(w.admin, 'POST', '/api/v1/harvest-centers/', {
        email: 'spec-hc-create@example.test',
        first_name: 'Spec',
        last_name: 'Center',
        company: 'Spec Clinic',
        password: 'Spec-center-pass-4',
        subscription: 4,
      }),
    );
    expect(body.data).toMatchObject({ email: 'spec-hc-create@example.test', subscription: 4 });
  });

  let pendingDocumentId = '';
  it('signature request {harvest_center_id, template_id, nameHC, emailHC, name, email} answers code success', async () => {
    const body = accepted(
      await send(w.hcA, 'POST', '/api/v1/documents/send/', {
        harvest_center_id: w.hcA.id,
        template_id: '',
        nameHC: 'Alpha Harvest',
        emailHC: w.hcA.email,
        name: `${w.patientA1.firstName} ${w.patientA1.lastName}`,
        email: w.patientA1.email,
      }),
    );
    expect(body.code).toBe('success');
    pendingDocumentId = body.documents[0].document_id;
  });

  it('sign link request {patientId, docId, docType, email, patientName, hcId, hcName, hcEmail, attestationTemplateId}', async () => {
    const body = accepted(
      await send(w.hcA, 'POST', '/api/v1/documents/sign-link-patient/', {
        patientId: w.patientA1.id,
        docId: pendingDocumentId,
        docType: 'processing',
        email: w.patientA1.email,
        patientName: 'Ann Alpha',
        hcId: w.hcA.id,
        hcName: 'Alpha Harvest',
        hcEmail: w.hcA.email,
        attestationTemplateId: '',
      }),
    );
    expect(body).toMatchObject({ success: true, signLink: expect.any(String), message: expect.any(String) });
  });

  it('send-patient-sign-email {user_email, user_name, doc_id} answers message', async () => {
    const body = accepted(
      await send(w.hcA, 'POST', '/api/v1/utilities/send-patient-sign-email/', {
        user_email: w.patientA1.email,
        user_name: 'Ann Alpha',
        doc_id: pendingDocumentId,
      }),
    );
    expect(body.message).toEqual(expect.any(String));
  });

  it('upload {name, harvest_center_id, email, processing, attestation, storage} with staged file names', async () => {
    const staged = await stagedPdf(w.hcA, '/api/v1/documents/process-file/');
    const body = accepted(
      await send(w.hcA, 'POST', '/api/v1/documents/upload/', {
        name: 'Art Alpha',
        harvest_center_id: w.hcA.id,
        email: w.patientA2.email,
        processing: staged,
        attestation: '',
        storage: '',
      }),
    );
    expect(body.code).toBe('success');
  });

  it('document list answers success, attestation, processing, storage', async () => {
    const body = accepted(await send(w.hcA, 'GET', `/api/v1/documents/list/${w.patientA1.id}/`));
    expect(body).toMatchObject({ success: true });
    for (const kind of ['attestation', 'processing', 'storage']) expect(body).toHaveProperty(kind);
  });

  it('embedded signing (auth/boldsign) {name, userId, email, docId} answers success, documentId, signLink, message', async () => {
    const body = accepted(
      await t.app.inject({
        method: 'POST',
        url: '/auth/boldsign/',
        payload: { name: 'Spec Signer', userId: null, email: 'spec-signer@example.test', docId: '' },
      }),
    );
    expect(body).toMatchObject({
      success: true,
      documentId: expect.any(String),
      signLink: expect.any(String),
      message: expect.any(String),
    });
  });

  it('vial record {user, type, quantity, date, note, tracking_id}: POST answers data; PATCH; history', async () => {
    const created = accepted(
      await send(w.admin, 'POST', '/api/v1/vials-history/', {
        user: w.patientA1.id,
        type: 'added',
        quantity: 5,
        date: '2026-01-15',
        note: 'Received from the lab',
        tracking_id: '',
      }),
    );
    expect(created.data).toMatchObject({ type: 'added', quantity: 5, user: w.patientA1.id });
    accepted(
      await send(w.admin, 'POST', '/api/v1/vials-history/', {
        user: w.patientA1.id,
        type: 'shipped',
        quantity: 1,
        date: '2026-01-16',
        note: '',
        tracking_id: '7946 0000 1111',
      }),
    );
    accepted(await send(w.admin, 'PATCH', `/api/v1/vials-history/${created.data.id}/`, { quantity: 6 }));
    const history = accepted(await send(w.admin, 'GET', `/api/v1/vials-history/user/${w.patientA1.id}/`));
    expect(history).toMatchObject({ vials_available: 5, vials_shipped: 1, vials_history: expect.any(Array) });
  });

  it('logo upload: a file field named logohc', async () => {
    const form = multipartBody(
      {},
      { name: 'logohc', filename: 'logo.png', content: blankPng(16, 16), type: 'image/png' },
    );
    accepted(
      await injectAs(t.app, w.hcA, {
        method: 'POST',
        url: '/api/v1/utilities/upload-hc-logo/',
        payload: form.payload,
        headers: form.headers,
      }),
    );
  });

  it('staff access: hc-list answers harvest_centers; staff-list answers staff_list', async () => {
    expect(accepted(await send(w.staffA, 'GET', `/api/v1/hc-staff/${w.staffA.id}/hc-list/`))).toHaveProperty(
      'harvest_centers',
    );
    expect(accepted(await send(w.hcA, 'GET', `/api/v1/hc-staff/${w.hcA.id}/staff-list/`))).toHaveProperty(
      'staff_list',
    );
  });
});

describe('part 2: coupons', () => {
  const couponPayload = (extra: Record<string, unknown>) => ({
    name: 'Spec coupon',
    max_use_number: 0,
    product_ids: `${PRODUCT.processingFee},${PRODUCT.vials}`,
    harvest_center: null,
    ...extra,
  });

  it('create with discount_amount (a fixed amount, decimal text or number) and status 1/0/true/false', async () => {
    const cases: [Record<string, unknown>, number, boolean][] = [
      [{ code: 'SPEC100', discount_amount: '100.00', status: 1 }, 10_000, true],
      [{ code: 'SPEC101', discount_amount: 100.5, status: 0 }, 10_050, false],
      [{ code: 'SPEC102', discount_amount: '0.29', status: true }, 29, true],
      [{ code: 'SPEC103', discount_amount: 25, status: false }, 2_500, false],
      [{ code: 'SPEC104', discount_amount: '12.5', status: '1' }, 1_250, true],
      [{ code: 'SPEC105', discount_amount: '7', status: 'false' }, 700, false],
      // Our own names keep working.
      [{ code: 'SPEC106', discount_amount_cents: 4_200, status: 'yes' }, 4_200, true],
      [{ code: 'SPEC107', discount_amount_cents: 4_300, status: 'no' }, 4_300, false],
    ];
    for (const [extra, cents, status] of cases) {
      const body = accepted(await send(w.admin, 'POST', '/api/v1/coupon-codes/', couponPayload(extra)));
      expect(body, JSON.stringify(extra)).toMatchObject({
        code: extra.code,
        discount_amount_cents: cents,
        discount_amount: (cents / 100).toFixed(2),
        status,
      });
    }
  });

  it('refuses an amount with more than 2 decimals, a negative one, or none, with a 400 on the field', async () => {
    for (const discount_amount of ['10.001', -5, '-5.00', 'ten', '1e3', '', 0.1 + 0.2]) {
      const res = await send(
        w.admin,
        'POST',
        '/api/v1/coupon-codes/',
        couponPayload({ code: 'SPECBAD', discount_amount }),
      );
      expect(res.statusCode, `${discount_amount}: ${res.body}`).toBe(400);
      expect(res.json().errors, String(discount_amount)).toHaveProperty('discount_amount');
    }
    const none = await send(w.admin, 'POST', '/api/v1/coupon-codes/', couponPayload({ code: 'SPECBAD' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('discount_amount');
    const badStatus = await send(
      w.admin,
      'POST',
      '/api/v1/coupon-codes/',
      couponPayload({ code: 'SPECBAD', discount_amount: 1, status: 2 }),
    );
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors).toHaveProperty('status');
  });

  it('update (PUT) with the same payload; codes are stored upper case and found in any case', async () => {
    const created = accepted(
      await send(
        w.admin,
        'POST',
        '/api/v1/coupon-codes/',
        couponPayload({ code: 'welcome100', discount_amount: '100.00', status: 1 }),
      ),
    );
    expect(created.code).toBe('WELCOME100');
    const again = await send(
      w.admin,
      'POST',
      '/api/v1/coupon-codes/',
      couponPayload({ code: 'Welcome100', discount_amount: 5, status: 1 }),
    );
    expect(again.statusCode).toBe(409);
    const updated = accepted(
      await send(
        w.admin,
        'PUT',
        `/api/v1/coupon-codes/${created.id}/`,
        couponPayload({ code: 'welcome100', discount_amount: '150.25', status: 0, harvest_center: w.hcA.id }),
      ),
    );
    expect(updated).toMatchObject({
      code: 'WELCOME100',
      discount_amount: '150.25',
      discount_amount_cents: 15_025,
      status: false,
      harvest_center: w.hcA.id,
      used_number: 0,
    });
    for (const field of ['id', 'name', 'code', 'max_use_number', 'product_ids', 'hc_desc']) {
      expect(updated).toHaveProperty(field);
    }
  });

  it('validation {code, product_id, harvest_center_id} answers success, discount, coupon_id, code', async () => {
    await send(
      w.admin,
      'POST',
      '/api/v1/coupon-codes/',
      couponPayload({ code: 'SPECCHECK', discount_amount: '20.00', status: 1 }),
    );
    const ok = accepted(
      await send(w.hcA, 'POST', '/api/v1/coupon-codes/validate-code/', {
        code: 'speccheck',
        product_id: PRODUCT.processingFee,
        harvest_center_id: w.hcA.id,
      }),
    );
    expect(ok).toMatchObject({
      success: true,
      discount: '20.00',
      coupon_id: expect.any(Number),
      code: 'SPECCHECK',
    });
    const refused = accepted(
      await send(w.hcA, 'POST', '/api/v1/coupon-codes/validate-code/', {
        code: 'speccheck',
        product_id: PRODUCT.harvestingKit,
        harvest_center_id: w.hcA.id,
      }),
    );
    expect(refused).toMatchObject({ success: false, discount: '0.00', coupon_id: null, code: 'SPECCHECK' });
    expect(refused.message).toMatch(/product/);
  });
});

describe('part 2: checkout, transactions and payments', () => {
  it('checkout payload of §3 (saved card) answers code, message, error_message and transaction_id', async () => {
    const hc = w.hcA2;
    const card = await saveTestCard(t, hc, hc.id, { default: true });
    const last = accepted(await send(hc, 'GET', '/api/v1/transactions/get-last-id/'));
    expect(last).toHaveProperty('transaction_id');
    const total = processingFee.priceCents + processingFee.shippingFeeCents;
    const address = {
      company: 'Alpha Two Harvest',
      address1: '1 Main Street',
      address2: '',
      city: 'Austin',
      state: 'TX',
      country_desc: 'United States',
      country_code: 'US',
      zip_code: '73301',
    };
    const payload = {
      rhc_transaction: false,
      first_name: '',
      last_name: '',
      email: '',
      phone_number: '',
      subscription: 2,
      password: 'placeholder',
      harvest_center_temporal: null,
      referral_harvest_center_temporal: null,
      harvest_center_email: hc.email,
      harvest_center_billing_email: hc.email,
      harvest_center_name: 'Alpha Two Harvest',
      harvest_center_phone: '5125550100',
      saless_rep_id: w.repA2.id,
      sales_manager_id: w.managerA.id,
      sales_distributor_id: w.distributorA.id,
      patient_id: w.patientA3.id,
      template_id: '',
      coupon_code: '',
      coupon_id: null,
      coupon_code_used: '',
      coupon_code_amount: 0,
      // A saved card chosen: the card fields are sent empty.
      credit_card: {
        full_name: '',
        card_number: '',
        cvc: '',
        expiration_date_tmp: '',
        expiration_date: '',
      },
      addressInfo: address,
      shippingInfo: address,
      required_signature: false,
      product_amount: (processingFee.priceCents / 100).toFixed(2),
      product_id: PRODUCT.processingFee,
      product_name: 'Processing Fee',
      product_description: '',
      product_quantity: 1,
      invoice_id: (last.transaction_id ?? 0) + 1,
      shipping_fee: 'yes',
      order_description: 'Harvest Center Processing Fee',
      total_amount: (total / 100).toFixed(2),
      create_patient: false,
      shipping_date: new Date().toISOString().slice(0, 10),
      hc_staff_id: null,
      auth_customer_profile_validation: card.profile_id,
      auth_customer_payment_profile_validation: card.payment_profile_id,
    };
    const body = accepted(await send(hc, 'POST', '/api/v1/transactions/create-transaction/', payload));
    expect(body).toMatchObject({ code: 'success', message: expect.any(String), error_message: '' });
    expect(body.transaction_id).toEqual(expect.any(Number));
    // The same form sent twice (a double click) is answered, not charged, again.
    const again = accepted(await send(hc, 'POST', '/api/v1/transactions/create-transaction/', payload));
    expect(again.transaction_id).toBe(body.transaction_id);
    expect(accepted(await send(hc, 'GET', '/api/v1/transactions/get-last-id/')).transaction_id).toBe(
      body.transaction_id,
    );
  });

  it('checkout with a total_amount that is not the server total: 409 "price changed", nothing charged or recorded', async () => {
    const hc = w.hcA;
    const card = await saveTestCard(t, hc, hc.id);
    const total = processingFee.priceCents + processingFee.shippingFeeCents;
    const lastId = accepted(await send(hc, 'GET', '/api/v1/transactions/get-last-id/')).transaction_id;
    const address = {
      company: 'Alpha Harvest',
      address1: '1 Main Street',
      city: 'Austin',
      state: 'TX',
      country_desc: 'United States',
      zip_code: '73301',
    };
    const form = (totalAmount: string | number) => ({
      rhc_transaction: false,
      subscription: 2,
      harvest_center_email: hc.email,
      harvest_center_billing_email: hc.email,
      patient_id: null,
      coupon_code: '',
      credit_card: { full_name: '', card_number: '', cvc: '', expiration_date_tmp: '', expiration_date: '' },
      addressInfo: address,
      shippingInfo: address,
      product_id: PRODUCT.processingFee,
      product_quantity: 1,
      invoice_id: (lastId ?? 0) + 1,
      shipping_fee: 'yes',
      order_description: 'Harvest Center Processing Fee',
      total_amount: totalAmount,
      auth_customer_profile_validation: card.profile_id,
      auth_customer_payment_profile_validation: card.payment_profile_id,
    });
    const charges = async () => (await t.db.select().from(sandboxGatewayCharges)).length;
    const recorded = async () =>
      (await t.db.select().from(transactions).where(eq(transactions.buyerUserId, hc.id))).length;
    const [chargesBefore, recordedBefore] = [await charges(), await recorded()];

    // The total the buyer saw, as the spec writes it (a decimal, as text or as a number): a cent
    // less, or the price before a change, is refused before the card is touched.
    for (const seen of [((total - 1) / 100).toFixed(2), (total + 10_000) / 100, '0.00']) {
      const refused = await send(hc, 'POST', '/api/v1/transactions/create-transaction/', form(seen));
      expect(refused.statusCode, `${seen}: ${refused.body}`).toBe(409);
      expect(refused.json().message).toBe(CHECKOUT_TEXTS.priceChanged);
    }
    expect(await charges()).toBe(chargesBefore);
    expect(await recorded()).toBe(recordedBefore);
    expect(accepted(await send(hc, 'GET', '/api/v1/transactions/get-last-id/')).transaction_id).toBe(lastId);

    // The same form with the total the server computes goes through, and is charged once.
    const paid = accepted(
      await send(hc, 'POST', '/api/v1/transactions/create-transaction/', form((total / 100).toFixed(2))),
    );
    expect(paid).toMatchObject({ code: 'success', total_amount_cents: total });
    expect(await charges()).toBe(chargesBefore + 1);
    expect(await recorded()).toBe(recordedBefore + 1);
  });

  it('checkout refuses a card number in the payload: the card is tokenized first', async () => {
    const res = await send(w.hcA2, 'POST', '/api/v1/transactions/create-transaction/', {
      invoice_id: 1,
      product_id: PRODUCT.harvestingKit,
      shipping_fee: 'no',
      addressInfo: { address1: '1 Main', city: 'Austin', state: 'TX', country_desc: 'US' },
      credit_card: {
        full_name: 'Pat Payer',
        card_number: '4111111111111111',
        cvc: '123',
        expiration_date: VALID_EXPIRY,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('credit_card');
    expect(res.body).not.toContain('4111111111111111');
  });

  it('transaction edit payload of §3, whole and in part, with the amount as the spec gives it', async () => {
    const sale = await createTransaction(t.db, { buyer: w.hcA, patient: w.patientA1, amountCents: 25_000 });
    const url = `/api/v1/transactions/${sale.id}/`;
    const whole = accepted(
      await send(w.admin, 'PATCH', url, {
        product_id: PRODUCT.processingFee,
        quantity: 1,
        amount: '275.00',
        harvest_center: w.hcA.id,
        patient: w.patientA1.id,
        sales_rep: w.repA.id,
        referral_harvest_center: null,
        commission_paid: true,
        transaction_note: 'Corrected the amount',
      }),
    );
    expect(whole).toMatchObject({ amount: '275.00', amount_cents: 27_500, commission_paid: true });
    for (const field of [
      'id',
      'date',
      'harvest_center',
      'hc',
      'referral_harvest_center',
      'rhc',
      'hc_staff_desc',
      'patient',
      'patient_desc',
      'sales_rep',
      'sales_rep_desc',
      'sales_manager_id',
      'sales_manager_desc',
      'sales_distributor_id',
      'sales_distributor_desc',
      'product',
      'quantity',
      'coupon_code_used',
      'coupon_code_amount',
      'transaction_history',
    ]) {
      expect(whole).toHaveProperty(field);
    }
    expect(whole.transaction_history.at(-1)).toMatchObject({
      note: 'Corrected the amount',
      date: expect.any(String),
    });

    const part = accepted(
      await send(w.admin, 'PATCH', url, { amount: 300.5, transaction_note: 'Only the amount' }),
    );
    expect(part).toMatchObject({
      amount_cents: 30_050,
      commission_paid: true,
      quantity: 1,
      patient: w.patientA1.id,
    });
    const cents = accepted(
      await send(w.admin, 'PATCH', url, {
        amount_cents: 31_000,
        commission_paid: 0,
        transaction_note: 'Cents',
      }),
    );
    expect(cents).toMatchObject({ amount_cents: 31_000, commission_paid: false });
    const bad = await send(w.admin, 'PATCH', url, { amount: '1.234', transaction_note: 'Too precise' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('amount');
  });

  it('the report answers count and results', async () => {
    const body = accepted(await send(w.admin, 'GET', '/api/admin/transactions/?limit=10&offset=0'));
    expect(body).toMatchObject({ count: expect.any(Number), results: expect.any(Array) });
  });

  it('saved payment option: get-profile {user_id} answers code and payments; the creation payload; delete {profile_id, payment_id}', async () => {
    const rhc = w.rhcA;
    const opaque_data = await tokenizeTestCard(t, rhc);
    const created = accepted(
      await send(rhc, 'POST', '/api/v1/billing-profiles/create-profile/', {
        card_holder: 'Pat Payer',
        expiration_date: VALID_EXPIRY,
        customer_profile_id: '',
        user_id: rhc.id,
        default: true,
        opaque_data,
      }),
    );
    for (const field of [
      'id',
      'profile_id',
      'payment_profile_id',
      'card_type',
      'card_number',
      'card_holder',
      'expiration_date',
      'default',
    ]) {
      expect(created).toHaveProperty(field);
    }
    const listed = accepted(
      await send(rhc, 'POST', '/api/v1/billing-profiles/get-profile/', { user_id: rhc.id }),
    );
    expect(listed).toMatchObject({
      code: 'success',
      payments: [expect.objectContaining({ id: created.id })],
    });
    // The spec's card_number and cvv never reach the API.
    const raw = await send(rhc, 'POST', '/api/v1/billing-profiles/create-profile/', {
      card_holder: 'Pat Payer',
      card_number: '4111111111111111',
      expiration_date: VALID_EXPIRY,
      cvv: '123',
      user_id: rhc.id,
      default: false,
    });
    expect(raw.statusCode).toBe(400);
    accepted(
      await send(rhc, 'POST', '/api/v1/billing-profiles/delete-profile/', {
        profile_id: created.profile_id,
        payment_id: created.payment_profile_id,
      }),
    );
  });

  it('location {user, location_name, address…, default}: POST, PATCH, update-default {location_id, user_id}, list', async () => {
    const hc = w.hcB;
    const first = accepted(
      await send(hc, 'POST', '/api/v1/locations/', {
        user: hc.id,
        location_name: 'Clinic',
        ...SPEC_ADDRESS,
        default: true,
      }),
    );
    for (const field of [
      'id',
      'user',
      'location_name',
      'address1',
      'address2',
      'city',
      'state_desc',
      'country_desc',
      'zip_code',
      'default',
      'template_id',
    ]) {
      expect(first).toHaveProperty(field);
    }
    const second = accepted(
      await send(hc, 'POST', '/api/v1/locations/', {
        user: hc.id,
        location_name: '',
        ...SPEC_ADDRESS,
        zip_code: '',
        default: false,
      }),
    );
    accepted(await send(hc, 'PATCH', `/api/v1/locations/${second.id}/`, { city: 'Dallas' }));
    accepted(
      await send(hc, 'POST', '/api/v1/locations/update-default/', { location_id: second.id, user_id: hc.id }),
    );
    const list = accepted(await send(hc, 'GET', `/api/v1/locations/user/${hc.id}/`)) as unknown as {
      id: number;
      default: boolean;
    }[];
    expect(list[0]).toMatchObject({ id: second.id, default: true });
    accepted(await send(hc, 'DELETE', `/api/v1/locations/${first.id}/`));
  });
});

describe('part 2: labels, staff, associations, assets', () => {
  let labelId = 0;
  it('label request create payload answers data.id', async () => {
    // Patients without a pending agreement (a pending one blocks the request: part 2 §4).
    const first = await createPatient(t.db, { harvestCenter: w.hcA });
    const second = await createPatient(t.db, { harvestCenter: w.hcA });
    const body = accepted(
      await send(w.hcA, 'POST', '/api/v1/fedex-requests/', {
        harvest_center: w.hcA.id,
        harvest_center_name: 'Alpha Harvest',
        harvest_center_email: w.hcA.email,
        harvest_center_representative: 'Rita Rep',
        doctor: '',
        doctor_name: 'Dr. Who',
        doctor_email: 'doctor@example.test',
        doctor_phone: '5125550199',
        patients_ids: `${first.id},${second.id}`,
        patients_ids_tmp: [first.id, second.id],
        other_patient_name: '',
        label_date: new Date().toISOString().slice(0, 10),
        ...SPEC_ADDRESS,
      }),
    );
    expect(body.data.id).toEqual(expect.any(Number));
    for (const field of [
      'hc_desc',
      'doctor_name',
      'doctor_email',
      'patients_ids',
      'patients',
      'label_date',
      'tracking_link',
      'tracking_number',
      'pdf_file',
      'notification_sent',
    ]) {
      expect(body.data).toHaveProperty(field);
    }
    labelId = body.data.id;
  });

  it('label (admin) PATCH {tracking_number, tracking_link, pdf_file} answers id; notifications answer code Success', async () => {
    const pdf_file = await stagedPdf(w.admin, '/api/v1/fedex-requests/process-file/');
    const patched = accepted(
      await send(w.admin, 'PATCH', `/api/v1/fedex-requests/${labelId}/`, {
        tracking_number: '7946 0000 2222',
        tracking_link: 'https://www.fedex.com/fedextrack/?trknbr=794600002222',
        pdf_file,
      }),
    );
    expect(patched.id).toBe(labelId);
    const sent = accepted(
      await send(w.admin, 'POST', `/api/v1/fedex-requests/update-sent-notification/${labelId}/`, {
        tracking_number: '7946 0000 2222',
        tracking_link: 'https://www.fedex.com/fedextrack/?trknbr=794600002222',
        pdf_file: null,
      }),
    );
    expect(sent.code).toBe('Success');
    expect(
      accepted(
        await send(w.admin, 'POST', '/api/v1/fedex-requests/send-notification/', { fedex_id: labelId }),
      ).code,
    ).toBe('Success');
  });

  it('HC staff update {staff_hc_ids: comma list} answers id; remove-user {user_id, hc_id}', async () => {
    const staff = await createHcStaff(t.db, [w.hcA]);
    const body = accepted(
      await send(w.admin, 'PATCH', `/api/v1/hc-staff/${staff.id}/`, {
        staff_hc_ids: `${w.hcA.id},${w.hcA2.id}`,
      }),
    );
    expect(body.id).toBe(staff.id);
    expect(body.data).toMatchObject({ staff_hc_ids: expect.any(String), harvest_centers: expect.any(Array) });
    const removed = accepted(
      await send(w.admin, 'POST', '/api/v1/hc-staff/remove-user/', { user_id: staff.id, hc_id: w.hcA2.id }),
    );
    expect(removed.success).toBe(true);
  });

  it('RHC association update {rhc_hc_ids} answers code Success, as a list or a comma list', async () => {
    for (const rhc_hc_ids of [[w.hcA.id, w.hcA2.id], `${w.hcA.id}`]) {
      const body = accepted(
        await send(w.admin, 'POST', `/api/v1/rhc-association/update-association/${w.rhcA.id}/`, {
          rhc_hc_ids,
        }),
      );
      expect(body.code).toBe('Success');
      expect(body.data).toMatchObject({ rhc_desc: { id: w.rhcA.id }, hc_desc: expect.any(Array) });
    }
  });

  it('asset {asset_name, description, membership_ids, sections, links, files, assets_remove}: POST, PATCH answers id', async () => {
    const tmp_file = await stagedPdf(w.admin, '/api/v1/assets/process-file/');
    const created = accepted(
      await send(w.admin, 'POST', '/api/v1/assets/', {
        asset_name: 'Packing guide',
        description: 'How to pack',
        membership_ids: '4,5',
        sections: [{ url: '/dashboard' }],
        links: [{ name: 'Carrier', path: 'https://www.fedex.com/' }],
        files: [{ name: 'Guide', tmp_file }],
        assets_remove: [],
      }),
    );
    for (const field of ['id', 'asset_name', 'description', 'membership_ids', 'sections', 'assets']) {
      expect(created.data).toHaveProperty(field);
    }
    const linkId = created.data.assets.find((a: { type: number }) => a.type === 1).id;
    const patched = accepted(
      await send(w.admin, 'PATCH', `/api/v1/assets/${created.id}/`, {
        description: 'Updated',
        assets_remove: [linkId],
      }),
    );
    expect(patched.id).toBe(created.id);
  });
});

describe('part 2: sign-up, sales teams, white label', () => {
  let sequence = 0;
  const signUp = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/harvest-centers/',
      payload,
      remoteAddress: `10.9.0.${++sequence}`,
    });
  const person = (kind: string) => ({
    first_name: 'Spec',
    last_name: kind,
    email: `spec-${kind.toLowerCase()}-${++sequence}@signup.test`,
    password: 'Spec-sign-up-pass-5',
  });

  it('account sign-up payload for subscriptions 3, 6 and 8 (address optional)', async () => {
    for (const subscription of [3, 6, 8]) {
      const body = accepted(
        await signUp({ ...person(`Sales${subscription}`), subscription, ...SPEC_ADDRESS }),
      );
      expect(body.data.subscription).toBe(subscription);
    }
  });

  it('account sign-up payload for an HC (company, phone_number, template_id, document_id, saless_rep_id): its address becomes its default location', async () => {
    const who = person('Center');
    const started = await t.app.inject({
      method: 'POST',
      url: '/auth/boldsign/',
      payload: { name: 'Spec Center', email: who.email },
    });
    const link = linkOf(accepted(started).signLink);
    expect((await sign(t.app, link, { type: 'typed', text: 'Spec Center' })).statusCode).toBe(200);
    const made = accepted(
      await t.app.inject({ method: 'GET', url: `/auth/boldsign/?documentId=${link.documentId}` }),
    );
    const body = accepted(
      await signUp({
        ...who,
        subscription: 4,
        ...SPEC_ADDRESS,
        company: 'Spec Sign-up Clinic',
        phone_number: '5125550123',
        template_id: made.templateId,
        document_id: made.docId,
        saless_rep_id: w.repA.id,
      }),
    );
    // The answer names the address, not the account (issue 41: the same for a taken address).
    expect(body.data).toEqual({ email: who.email, subscription: 4 });
    const [{ id }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, who.email));
    await t.db.update(users).set({ agreementAcceptedAt: new Date() }).where(eq(users.id, id));
    const list = accepted(
      await send(await tokenFor(t.app, { id }), 'GET', `/api/v1/locations/user/${id}/`),
    ) as unknown as object[];
    expect(list).toEqual([expect.objectContaining({ ...SPEC_ADDRESS, default: true, user: id })]);
  });

  it('account sign-up payload for an RHC (hc_id) and HC staff (staff_hc_ids)', async () => {
    const link = accepted(await send(w.hcA, 'GET', `/api/v1/harvest-centers/${w.hcA.id}/join-link/`));
    const rhc = accepted(
      await signUp({
        ...person('Referral'),
        subscription: 5,
        ...SPEC_ADDRESS,
        company: 'Spec Referral',
        phone_number: '5125550124',
        template_id: '',
        document_id: '',
        saless_rep_id: w.repA.id,
        hc_id: w.hcA.id,
        join_token: link.token,
      }),
    );
    expect(rhc.data.subscription).toBe(5);
    for (const staff_hc_ids of [[w.hcA.id], `${w.hcA.id}`]) {
      const staff = accepted(
        await signUp({
          ...person('Staff'),
          subscription: 9,
          ...SPEC_ADDRESS,
          staff_hc_ids,
          join_token: link.token,
        }),
      );
      expect(staff.data.subscription).toBe(9);
    }
  });

  it('new sales rep or manager payload (generate_password, send_new_sales_team, a placeholder password)', async () => {
    const rep = accepted(
      await send(w.managerA, 'POST', '/api/v1/sales-rep/', {
        first_name: 'Spec',
        last_name: 'Rep',
        email: 'spec-new-rep@example.test',
        subscription: 3,
        sales_manager_id: w.managerA.id,
        generate_password: true,
        send_new_sales_team: true,
        password: 'placeholder',
      }),
    );
    expect(rep).toBeTruthy();
    accepted(
      await send(w.distributorA, 'POST', '/api/v1/sales-managers/', {
        first_name: 'Spec',
        last_name: 'Manager',
        email: 'spec-new-manager@example.test',
        subscription: 6,
        sales_distributor_id: w.distributorA.id,
        generate_password: true,
        send_new_sales_team: true,
        password: 'placeholder',
      }),
    );
    const exists = accepted(
      await t.app.inject({ method: 'GET', url: `/api/v1/sales-rep/${w.repA.id}/user-exists/` }),
    );
    expect(exists).toMatchObject({
      exists: true,
      data: { sales_manager_id: w.managerA.id, sales_distributor_id: w.distributorA.id },
    });
  });

  it('white label: domain {name, url} answers id and url; admin user; options (multipart)', async () => {
    const domain = accepted(
      await send(w.admin, 'POST', '/domain/white-label/', {
        name: 'Spec Clinics',
        url: 'https://spec-clinics.example.com',
      }),
    );
    expect(domain).toMatchObject({ id: expect.any(Number), url: expect.any(String) });
    accepted(
      await send(w.admin, 'POST', '/domain/white-label/admin/', {
        first_name: 'Spec',
        last_name: 'Admin',
        email: 'spec-wl-admin@example.test',
        phone: '5125550125',
        password: 'Spec-white-label-6',
        subscription: 7,
        domain: domain.id,
      }),
    );
    const form = multipartBody(
      {
        description: 'Spec clinics',
        email_sender: 'hello@spec-clinics.example.com',
        domain: String(domain.id),
      },
      { name: 'logo', filename: 'logo.png', content: blankPng(16, 16), type: 'image/png' },
    );
    accepted(
      await injectAs(t.app, w.admin, {
        method: 'POST',
        url: '/domain/white-label/config/',
        payload: form.payload,
        headers: form.headers,
      }),
    );
    const list = accepted(await send(w.admin, 'GET', '/domain/list/'));
    expect(list.results).toEqual(expect.arrayContaining([expect.objectContaining({ id: domain.id })]));
  });
});
