import { SANDBOX_CVC_MISMATCH, SANDBOX_TEST_CARDS } from '@portal/shared/cards';
import { LOCATION_MESSAGES } from '@portal/shared/locations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { paymentProfiles } from '../src/db/schema/commerce.ts';
import { sandboxGatewayTokens } from '../src/db/schema/sandbox-gateway.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import {
  allowVialCheckout,
  saveTestCard,
  TEST_ADDRESS,
  tokenizeTestCard,
  VALID_EXPIRY,
} from './helpers/commerce.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
  await allowVialCheckout(t.db, w.patientA1);
});
afterAll(() => t.close());

const post = (who: { id: number } | string, url: string, payload: object) =>
  injectAs(t.app, who, { method: 'POST', url, payload });

describe('the sandbox gateway tokenizer', () => {
  it('answers opaque data and keeps only brand, last 4 and expiry', async () => {
    const data = await tokenizeTestCard(t, w.hcA, { number: SANDBOX_TEST_CARDS.mastercard });
    expect(data.data_descriptor).toBe('COMMON.SANDBOX.PAYMENT');
    expect(data.data_value).not.toContain('5555');
    const [row] = await t.db.select().from(sandboxGatewayTokens).orderBy(sandboxGatewayTokens.id).limit(1);
    expect(row).toMatchObject({ cardType: 'MasterCard', cardLast4: '4444', expirationDate: VALID_EXPIRY });
    expect(JSON.stringify(row)).not.toContain(SANDBOX_TEST_CARDS.mastercard);
  });

  it('refuses a bad number, an expired card and a short CVC with the field', async () => {
    const card = {
      full_name: 'A B',
      card_number: '4111111111111112',
      expiration_date: VALID_EXPIRY,
      cvc: '123',
    };
    const bad = await post(w.hcA, '/api/sandbox-gateway/tokens/', card);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.card_number).toBe('Enter a valid card number');
    const expired = await post(w.hcA, '/api/sandbox-gateway/tokens/', {
      ...card,
      card_number: SANDBOX_TEST_CARDS.visa,
      expiration_date: '2020-01',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.expiration_date).toBe('This card has expired');
    const amexShort = await post(w.hcA, '/api/sandbox-gateway/tokens/', {
      ...card,
      card_number: SANDBOX_TEST_CARDS.amex,
    });
    expect(amexShort.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sandbox-gateway/tokens/', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('saved cards', () => {
  it('the first card becomes the default; another can take its place; the default is listed first', async () => {
    const first = await saveTestCard(t, w.hcA, w.hcA.id);
    expect(first).toMatchObject({ card_type: 'Visa', card_number: '1111', default: true });
    const second = await saveTestCard(t, w.hcA, w.hcA.id, { number: SANDBOX_TEST_CARDS.discover });
    expect(second.default).toBe(false);
    const moved = await post(w.hcA, '/api/v1/billing-profiles/update-default/', {
      user_id: w.hcA.id,
      payment_profile_id: second.payment_profile_id,
    });
    expect(moved.statusCode).toBe(200);
    const list = await post(w.hcA, '/api/v1/billing-profiles/get-profile/', { user_id: w.hcA.id });
    expect(
      list.json().payments.map((p: { card_number: string; default: boolean }) => [p.card_number, p.default]),
    ).toEqual([
      ['1117', true],
      ['1111', false],
    ]);
    const [user] = await t.db.select().from(users).where(eq(users.id, w.hcA.id));
    expect(user.authCustomerPaymentProfileId).toBe(second.payment_profile_id);

    const removed = await post(w.hcA, '/api/v1/billing-profiles/delete-profile/', {
      profile_id: second.profile_id,
      payment_id: second.payment_profile_id,
    });
    expect(removed.statusCode).toBe(200);
    const after = await post(w.hcA, '/api/v1/billing-profiles/get-profile/', { user_id: w.hcA.id });
    expect(after.json().payments).toMatchObject([{ card_number: '1111', default: true }]);
  });

  it('a card that would decline or fails the CVC check is not saved', async () => {
    for (const card of [{ number: SANDBOX_TEST_CARDS.declined }, { cvc: SANDBOX_CVC_MISMATCH }]) {
      const opaque_data = await tokenizeTestCard(t, w.hcB, card);
      const res = await post(w.hcB, '/api/v1/billing-profiles/create-profile/', {
        user_id: w.hcB.id,
        card_holder: 'B',
        opaque_data,
      });
      expect(res.statusCode).toBe(402);
    }
    expect(await t.db.select().from(paymentProfiles).where(eq(paymentProfiles.userId, w.hcB.id))).toEqual([]);
  });

  it('a token works once', async () => {
    const opaque_data = await tokenizeTestCard(t, w.rhcA);
    const payload = { user_id: w.rhcA.id, card_holder: 'R', opaque_data };
    expect((await post(w.rhcA, '/api/v1/billing-profiles/create-profile/', payload)).statusCode).toBe(200);
    expect((await post(w.rhcA, '/api/v1/billing-profiles/create-profile/', payload)).statusCode).toBe(402);
  });

  it("nobody reaches another account's cards; only buyers have cards", async () => {
    const other = await post(w.hcB, '/api/v1/billing-profiles/get-profile/', { user_id: w.hcA.id });
    expect(other.statusCode).toBe(403);
    const rep = await post(w.repA, '/api/v1/billing-profiles/get-profile/', { user_id: w.repA.id });
    expect(rep.statusCode).toBe(403);
    const untagged = await post(w.patientA2, '/api/v1/billing-profiles/get-profile/', {
      user_id: w.patientA2.id,
    });
    expect(untagged.statusCode).toBe(403);
    const tagged = await post(w.patientA1, '/api/v1/billing-profiles/get-profile/', {
      user_id: w.patientA1.id,
    });
    expect(tagged.statusCode).toBe(200);
    const admin = await post(w.admin, '/api/v1/billing-profiles/get-profile/', { user_id: w.hcA.id });
    expect(admin.statusCode).toBe(403);
    const [hcCard] = (
      await post(w.hcA, '/api/v1/billing-profiles/get-profile/', { user_id: w.hcA.id })
    ).json().payments;
    const steal = await post(w.hcB, '/api/v1/billing-profiles/delete-profile/', {
      profile_id: hcCard.profile_id,
      payment_id: hcCard.payment_profile_id,
    });
    expect(steal.statusCode).toBe(404);
  });

  it("an HC's staff see the HC's cards, other staff do not", async () => {
    const own = await injectAs(t.app, w.staffA, {
      method: 'GET',
      url: `/api/v1/hc-staff/auth-profile/${w.hcA.id}/`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().payments.length).toBeGreaterThan(0);
    const other = await injectAs(t.app, w.staffA, {
      method: 'GET',
      url: `/api/v1/hc-staff/auth-profile/${w.hcB.id}/`,
    });
    expect(other.statusCode).toBe(403);
  });

  it('tells the browser how to tokenize', async () => {
    const res = await post(w.hcA, '/api/auth/authorizenet/', {});
    expect(res.json()).toEqual({ gateway: 'sandbox', tokenize_url: '/api/sandbox-gateway/tokens/' });
    expect((await post(w.repA, '/api/auth/authorizenet/', {})).statusCode).toBe(403);
  });
});

describe('saved locations', () => {
  const add = (who: { id: number }, extra: object = {}) =>
    post(who, '/api/v1/locations/', { ...TEST_ADDRESS, ...extra });

  it('the first is the default, a new default moves to the top, and the last or default cannot go', async () => {
    const first = (await add(w.hcA2, { location_name: 'Clinic' })).json();
    expect(first.default).toBe(true);
    const onlyOne = await injectAs(t.app, w.hcA2, {
      method: 'DELETE',
      url: `/api/v1/locations/${first.id}/`,
    });
    expect(onlyOne.statusCode).toBe(409);
    expect(onlyOne.json().message).toBe(LOCATION_MESSAGES.lastOne);
    const second = (await add(w.hcA2, { location_name: 'Warehouse' })).json();
    expect(second.default).toBe(false);
    const isDefault = await injectAs(t.app, w.hcA2, {
      method: 'DELETE',
      url: `/api/v1/locations/${first.id}/`,
    });
    expect(isDefault.json().message).toBe(LOCATION_MESSAGES.isDefault);
    await post(w.hcA2, '/api/v1/locations/update-default/', { location_id: second.id, user_id: w.hcA2.id });
    const list = await injectAs(t.app, w.hcA2, {
      method: 'GET',
      url: `/api/v1/locations/user/${w.hcA2.id}/`,
    });
    expect(
      list.json().map((l: { location_name: string; default: boolean }) => [l.location_name, l.default]),
    ).toEqual([
      ['Warehouse', true],
      ['Clinic', false],
    ]);
    const removed = await injectAs(t.app, w.hcA2, {
      method: 'DELETE',
      url: `/api/v1/locations/${first.id}/`,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('edits keep exactly one default', async () => {
    const a = (await add(w.rhcB)).json();
    const b = (await add(w.rhcB, { default: true })).json();
    const edited = await injectAs(t.app, w.rhcB, {
      method: 'PATCH',
      url: `/api/v1/locations/${a.id}/`,
      payload: { city: 'Dallas', default: true },
    });
    expect(edited.json()).toMatchObject({ city: 'Dallas', default: true });
    const list = (
      await injectAs(t.app, w.rhcB, { method: 'GET', url: `/api/v1/locations/user/${w.rhcB.id}/` })
    ).json();
    expect(list.filter((l: { default: boolean }) => l.default).map((l: { id: number }) => l.id)).toEqual([
      a.id,
    ]);
    expect(list.map((l: { id: number }) => l.id)).toContain(b.id);
  });

  it('refuses missing fields and other accounts', async () => {
    const missing = await post(w.hcB, '/api/v1/locations/', { address1: '' });
    expect(missing.statusCode).toBe(400);
    const mine = (await add(w.hcB)).json();
    const read = await injectAs(t.app, w.hcA, { method: 'GET', url: `/api/v1/locations/user/${w.hcB.id}/` });
    expect(read.statusCode).toBe(403);
    const edit = await injectAs(t.app, w.hcA, {
      method: 'PATCH',
      url: `/api/v1/locations/${mine.id}/`,
      payload: { city: 'X' },
    });
    expect(edit.statusCode).toBe(404);
    const forOther = await post(w.hcA, '/api/v1/locations/', { ...TEST_ADDRESS, user: w.hcB.id });
    expect(forOther.statusCode).toBe(403);
    const rep = await add(w.repA);
    expect(rep.statusCode).toBe(403);
  });
});
