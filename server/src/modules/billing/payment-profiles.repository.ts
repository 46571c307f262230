import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { paymentProfiles } from '../../db/schema/commerce.ts';

export type PaymentProfileRow = typeof paymentProfiles.$inferSelect;
export type NewPaymentProfile = Omit<typeof paymentProfiles.$inferInsert, 'id' | 'createdAt'>;

/** The gateway's customer profile of an account and its default card ('' when none). */
export async function findGatewayIdsOf(db: Db, userId: number) {
  const [row] = await db
    .select({ customer: users.authCustomerProfileId, defaultCard: users.authCustomerPaymentProfileId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The account's saved cards, `defaultCard` first, then the newest. */
export function findPaymentProfilesOf(
  db: Db,
  userId: number,
  defaultCard: string,
): Promise<PaymentProfileRow[]> {
  return db
    .select()
    .from(paymentProfiles)
    .where(eq(paymentProfiles.userId, userId))
    .orderBy(desc(sql`${paymentProfiles.paymentProfileId} = ${defaultCard}`), desc(paymentProfiles.id));
}

export async function findPaymentProfileOf(
  db: Db,
  userId: number,
  paymentProfileId: string,
): Promise<PaymentProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentProfiles)
    .where(and(eq(paymentProfiles.userId, userId), eq(paymentProfiles.paymentProfileId, paymentProfileId)));
  return row;
}

/**
 * Keeps the account's customer profile id unless it has one already (two first cards at once: the
 * first writer's stays); answers the one kept.
 */
export async function keepCustomerProfileId(
  db: Db,
  userId: number,
  customerProfileId: string,
): Promise<string | undefined> {
  const [kept] = await db
    .update(users)
    .set({
      authCustomerProfileId: sql`coalesce(nullif(${users.authCustomerProfileId}, ''), ${customerProfileId})`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.authCustomerProfileId });
  return kept?.id;
}

export async function insertPaymentProfile(db: Db, values: NewPaymentProfile): Promise<PaymentProfileRow> {
  const [row] = await db.insert(paymentProfiles).values(values).returning();
  return row;
}

/**
 * Makes the card the account's default: always when `always`, else only when the account has none
 * yet. Answers the default card after the change.
 */
export async function setDefaultCard(
  db: Db,
  userId: number,
  paymentProfileId: string,
  options: { always: boolean },
): Promise<string> {
  const [user] = await db
    .update(users)
    .set({
      authCustomerPaymentProfileId: options.always
        ? paymentProfileId
        : sql`coalesce(nullif(${users.authCustomerPaymentProfileId}, ''), ${paymentProfileId})`,
    })
    .where(eq(users.id, userId))
    .returning({ defaultCard: users.authCustomerPaymentProfileId });
  return user.defaultCard;
}

export async function deletePaymentProfileRow(db: Db, id: number): Promise<void> {
  await db.delete(paymentProfiles).where(eq(paymentProfiles.id, id));
}

/** The account's newest saved card, if any. */
export async function findNewestPaymentProfileId(db: Db, userId: number): Promise<string | undefined> {
  const [next] = await db
    .select({ id: paymentProfiles.paymentProfileId })
    .from(paymentProfiles)
    .where(eq(paymentProfiles.userId, userId))
    .orderBy(desc(paymentProfiles.id))
    .limit(1);
  return next?.id;
}

/** If `replaced` is the account's default card, `next` ('' for none) becomes it. */
export async function replaceDefaultCard(
  db: Db,
  userId: number,
  replaced: string,
  next: string,
): Promise<void> {
  await db
    .update(users)
    .set({ authCustomerPaymentProfileId: next })
    .where(and(eq(users.id, userId), eq(users.authCustomerPaymentProfileId, replaced)));
}
