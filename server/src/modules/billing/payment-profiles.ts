import type {
  TCreatePaymentProfileBody,
  TSavedPaymentOption,
  ZCreatePaymentProfileBody,
} from '@portal/shared/cards';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { PaymentGateway } from '../../payment-gateways/payment-gateway.ts';
import { accountContact } from '../accounts/account-view.repository.ts';

import {
  deletePaymentProfileRow,
  findGatewayIdsOf,
  findNewestPaymentProfileId,
  findPaymentProfileOf,
  findPaymentProfilesOf,
  insertPaymentProfile,
  keepCustomerProfileId,
  type PaymentProfileRow,
  replaceDefaultCard,
  setDefaultCard,
} from './payment-profiles.repository.ts';

export type { PaymentProfileRow };

type Billing = { db: Db; gateway: PaymentGateway };

function toOption(row: PaymentProfileRow, defaultId: string): TSavedPaymentOption {
  return {
    id: row.id,
    profile_id: row.customerProfileId,
    payment_profile_id: row.paymentProfileId,
    card_type: row.cardType,
    card_number: row.cardLast4,
    card_holder: row.cardHolder,
    expiration_date: row.expirationDate,
    default: row.paymentProfileId === defaultId,
  };
}

async function gatewayIdsOf(db: Db, userId: number) {
  const row = await findGatewayIdsOf(db, userId);
  if (!row) throw notFound();
  return row;
}

/** The account's saved cards, the default first (part 2 §2, §4). */
export async function listPaymentOptions(db: Db, userId: number): Promise<TSavedPaymentOption[]> {
  const { defaultCard } = await gatewayIdsOf(db, userId);
  const rows = await findPaymentProfilesOf(db, userId, defaultCard);
  return rows.map((row) => toOption(row, defaultCard));
}

/** One saved card of this account, for a charge; 404 when it is not the account's. */
export async function requirePaymentProfile(db: Db, userId: number, paymentProfileId: string) {
  const row = await findPaymentProfileOf(db, userId, paymentProfileId);
  if (!row) throw notFound('This payment method is not saved on the account.');
  return row;
}

/** The gateway's customer profile of the account, made once and kept on the user. */
export async function ensureCustomerProfile({ db, gateway }: Billing, userId: number): Promise<string> {
  const { customer } = await gatewayIdsOf(db, userId);
  if (customer) return customer;
  const contact = await accountContact(db, userId);
  const { customerProfileId } = await gateway.createCustomerProfile({
    userId,
    email: contact?.email ?? '',
    description: contact?.company || `${contact?.firstName ?? ''} ${contact?.lastName ?? ''}`.trim(),
  });
  // Two first cards at once: the first writer's profile stays, the other is an unused id at the gateway.
  return (await keepCustomerProfileId(db, userId, customerProfileId)) ?? customerProfileId;
}

/**
 * Saves a tokenized card: the gateway validates it and keeps it; we keep brand, last 4, holder and
 * expiry. The first card, or one asked to be, becomes the default.
 */
export async function savePaymentProfile(
  billing: Billing,
  userId: number,
  body: Pick<z.output<typeof ZCreatePaymentProfileBody>, 'card_holder' | 'opaque_data' | 'default'>,
): Promise<TSavedPaymentOption> {
  const { db, gateway } = billing;
  const customerProfileId = await ensureCustomerProfile(billing, userId);
  const saved = await gateway.createPaymentProfile({
    customerProfileId,
    opaqueData: body.opaque_data,
    cardHolder: body.card_holder,
  });
  if (!saved.ok) throw new AppError(402, saved.message, { code: saved.reason });
  return db.transaction(async (tx) => {
    const row = await insertPaymentProfile(tx, {
      userId,
      gateway: gateway.name,
      customerProfileId,
      paymentProfileId: saved.paymentProfileId,
      cardType: String(saved.card.brand),
      cardLast4: saved.card.last4,
      cardHolder: body.card_holder,
      expirationDate: saved.card.expiration,
    });
    const defaultCard = await setDefaultCard(tx, userId, saved.paymentProfileId, {
      always: body.default === true,
    });
    return toOption(row, defaultCard);
  });
}

/** Removes a card at the gateway and here; the newest remaining card becomes the default if it was. */
export async function deletePaymentProfile(billing: Billing, userId: number, paymentProfileId: string) {
  const row = await requirePaymentProfile(billing.db, userId, paymentProfileId);
  await billing.gateway.deletePaymentProfile({
    customerProfileId: row.customerProfileId,
    paymentProfileId: row.paymentProfileId,
  });
  await billing.db.transaction(async (tx) => {
    await deletePaymentProfileRow(tx, row.id);
    const next = await findNewestPaymentProfileId(tx, userId);
    await replaceDefaultCard(tx, userId, paymentProfileId, next ?? '');
  });
}

export async function setDefaultPaymentProfile(db: Db, userId: number, paymentProfileId: string) {
  await requirePaymentProfile(db, userId, paymentProfileId);
  await setDefaultCard(db, userId, paymentProfileId, { always: true });
}

export type { TCreatePaymentProfileBody };
