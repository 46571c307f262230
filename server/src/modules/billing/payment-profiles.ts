import type {
  TCreatePaymentProfileBody,
  TSavedPaymentOption,
  ZCreatePaymentProfileBody,
} from '@portal/shared/cards';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { paymentProfiles } from '../../db/schema/commerce.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { PaymentGateway } from '../../payment-gateways/payment-gateway.ts';
import { accountContact } from '../accounts/buyers.ts';

export type PaymentProfileRow = typeof paymentProfiles.$inferSelect;

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
  const [row] = await db
    .select({ customer: users.authCustomerProfileId, defaultCard: users.authCustomerPaymentProfileId })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return row;
}

/** The account's saved cards, the default first (part 2 §2, §4). */
export async function listPaymentOptions(db: Db, userId: number): Promise<TSavedPaymentOption[]> {
  const { defaultCard } = await gatewayIdsOf(db, userId);
  const rows = await db
    .select()
    .from(paymentProfiles)
    .where(eq(paymentProfiles.userId, userId))
    .orderBy(desc(sql`${paymentProfiles.paymentProfileId} = ${defaultCard}`), desc(paymentProfiles.id));
  return rows.map((row) => toOption(row, defaultCard));
}

/** One saved card of this account, for a charge; 404 when it is not the account's. */
export async function requirePaymentProfile(db: Db, userId: number, paymentProfileId: string) {
  const [row] = await db
    .select()
    .from(paymentProfiles)
    .where(and(eq(paymentProfiles.userId, userId), eq(paymentProfiles.paymentProfileId, paymentProfileId)));
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
  const [kept] = await db
    .update(users)
    .set({
      authCustomerProfileId: sql`coalesce(nullif(${users.authCustomerProfileId}, ''), ${customerProfileId})`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.authCustomerProfileId });
  return kept?.id ?? customerProfileId;
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
    const [row] = await tx
      .insert(paymentProfiles)
      .values({
        userId,
        gateway: gateway.name,
        customerProfileId,
        paymentProfileId: saved.paymentProfileId,
        cardType: String(saved.card.brand),
        cardLast4: saved.card.last4,
        cardHolder: body.card_holder,
        expirationDate: saved.card.expiration,
      })
      .returning();
    const [user] = await tx
      .update(users)
      .set({
        authCustomerPaymentProfileId: body.default
          ? saved.paymentProfileId
          : sql`coalesce(nullif(${users.authCustomerPaymentProfileId}, ''), ${saved.paymentProfileId})`,
      })
      .where(eq(users.id, userId))
      .returning({ defaultCard: users.authCustomerPaymentProfileId });
    return toOption(row, user.defaultCard);
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
    await tx.delete(paymentProfiles).where(eq(paymentProfiles.id, row.id));
    const [next] = await tx
      .select({ id: paymentProfiles.paymentProfileId })
      .from(paymentProfiles)
      .where(eq(paymentProfiles.userId, userId))
      .orderBy(desc(paymentProfiles.id))
      .limit(1);
    await tx
      .update(users)
      .set({ authCustomerPaymentProfileId: next?.id ?? '' })
      .where(and(eq(users.id, userId), eq(users.authCustomerPaymentProfileId, paymentProfileId)));
  });
}

export async function setDefaultPaymentProfile(db: Db, userId: number, paymentProfileId: string) {
  await requirePaymentProfile(db, userId, paymentProfileId);
  await db.update(users).set({ authCustomerPaymentProfileId: paymentProfileId }).where(eq(users.id, userId));
}

export type { TCreatePaymentProfileBody };
