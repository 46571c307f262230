import { SANDBOX_TEST_CARDS, type TOpaqueData } from '@portal/shared/cards';
import { VIAL_CHECKOUT_TAG_ID } from '@portal/shared/memberships';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { userTagLinks } from '../../src/db/schema/accounts.ts';
import type { UserRow } from '../../src/seed/factories.ts';
import { injectAs, type TestApp } from './test-app.ts';

/** Next year's March: a card that has not expired. */
export const VALID_EXPIRY = `${new Date().getUTCFullYear() + 1}-03`;

/** A card through the sandbox gateway's tokenizer, as the browser sends it; answers the opaque data. */
export async function tokenizeTestCard(
  t: TestApp,
  who: Pick<UserRow, 'id'> | string,
  card: { number?: string; cvc?: string; expiration?: string; name?: string } = {},
): Promise<TOpaqueData> {
  const number = card.number ?? SANDBOX_TEST_CARDS.visa;
  const res = await injectAs(t.app, who, {
    method: 'POST',
    url: '/api/sandbox-gateway/tokens/',
    payload: {
      full_name: card.name ?? 'Pat Payer',
      card_number: number,
      expiration_date: card.expiration ?? VALID_EXPIRY,
      cvc: card.cvc ?? (number.startsWith('3') ? '1234' : '123'),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Saves a card on the account and answers its saved payment option. */
export async function saveTestCard(
  t: TestApp,
  who: Pick<UserRow, 'id'> | string,
  userId: number,
  card: { number?: string; default?: boolean } = {},
) {
  const opaque_data = await tokenizeTestCard(t, who, card);
  const res = await injectAs(t.app, who, {
    method: 'POST',
    url: '/api/v1/billing-profiles/create-profile/',
    payload: { user_id: userId, card_holder: 'Pat Payer', opaque_data, default: card.default ?? false },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Gives a patient the vial-checkout tag (part 1 §9 tag 1). */
export async function allowVialCheckout(db: Db, patient: Pick<UserRow, 'id'>) {
  await db
    .insert(userTagLinks)
    .values({ userId: patient.id, tagId: VIAL_CHECKOUT_TAG_ID })
    .onConflictDoNothing();
}

export const TEST_ADDRESS = {
  address1: '1 Main Street',
  address2: '',
  city: 'Austin',
  state_desc: 'TX',
  country_desc: 'United States',
  zip_code: '73301',
};

/** A checkout's billing or shipping address as the order form sends it (`addressInfo`, `shippingInfo`). */
export function checkoutAddress(company: string) {
  return {
    company,
    address1: '1 Main Street',
    city: 'Austin',
    state: 'TX',
    country_desc: 'United States',
    zip_code: '73301',
  };
}
