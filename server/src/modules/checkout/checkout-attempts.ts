import { createHash } from 'node:crypto';
import type { TCheckoutOrder, TCheckoutResponse } from '@portal/shared/checkout';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutAttempts, coupons } from '../../db/schema/commerce.ts';
import { conflict } from '../../errors/app-error.ts';

export type CheckoutAnswer = { status: 200 | 402; body: TCheckoutResponse };

export const IDEMPOTENCY_TEXTS = {
  inProgress: 'This order is already being processed. Please wait for its result.',
  otherOrder: 'This order key was already used for a different order. Please reload the page.',
} as const;

/** The order as the buyer sent it, without its key: the same key must come with the same order. */
function requestHash(order: TCheckoutOrder): string {
  const { idempotency_key: _key, ...rest } = order;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/**
 * The order's key: the form's idempotency_key, or (the spec's client, which has none) its invoice_id
 * with the order itself, so that the same form sent twice is one order and a corrected one (another
 * card after a decline) is a new one.
 */
function orderKey(order: TCheckoutOrder, hash: string): { key: string; derived: boolean } {
  if (order.idempotency_key) return { key: order.idempotency_key, derived: false };
  return { key: `invoice-${order.invoice_id ?? 0}-${hash}`, derived: true };
}

/**
 * Claims the order's idempotency key. Answers the stored answer when the key already finished, 409
 * while it is still running or when it came with another order; otherwise the new attempt's id. A
 * key derived from the spec's invoice_id replays only a success: the spec's client keeps that
 * invoice_id until an order succeeds, so after a decline the same order may be tried again.
 */
export async function claimCheckoutAttempt(
  db: Db,
  userId: number,
  order: TCheckoutOrder,
): Promise<{ attemptId: number } | { replay: CheckoutAnswer }> {
  const hash = requestHash(order);
  const { key, derived } = orderKey(order, hash);
  const claim = () =>
    db
      .insert(checkoutAttempts)
      .values({ userId, idempotencyKey: key, requestSha256: hash })
      .onConflictDoNothing()
      .returning({ id: checkoutAttempts.id });
  const [created] = await claim();
  if (created) return { attemptId: created.id };
  const [existing] = await db
    .select()
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.userId, userId), eq(checkoutAttempts.idempotencyKey, key)));
  if (derived && existing?.status === 'declined') {
    await db
      .delete(checkoutAttempts)
      .where(and(eq(checkoutAttempts.id, existing.id), eq(checkoutAttempts.status, 'declined')));
    const [again] = await claim();
    if (again) return { attemptId: again.id };
    throw conflict(IDEMPOTENCY_TEXTS.inProgress);
  }
  if (!existing || existing.requestSha256 !== hash) throw conflict(IDEMPOTENCY_TEXTS.otherOrder);
  if (existing.status === 'pending' || !existing.response || !existing.httpStatus) {
    throw conflict(IDEMPOTENCY_TEXTS.inProgress);
  }
  return {
    replay: { status: existing.httpStatus === 402 ? 402 : 200, body: existing.response as TCheckoutResponse },
  };
}

/** Lets the key be used again: the order was refused before anything was charged or reserved. */
export async function forgetCheckoutAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId));
}

export async function finishCheckoutAttempt(
  db: Db,
  attemptId: number,
  status: 'succeeded' | 'declined' | 'failed',
  answer: CheckoutAnswer,
  transactionId: number | null = null,
): Promise<void> {
  await db
    .update(checkoutAttempts)
    .set({
      status,
      httpStatus: answer.status,
      response: answer.body,
      transactionId,
      finishedAt: sql`now()`,
    })
    .where(eq(checkoutAttempts.id, attemptId));
}

/**
 * Takes one use of the coupon for this attempt, or none when it is used up or inactive: the
 * conditional update is atomic, so parallel checkouts never pass max_use_number.
 */
export async function reserveCouponUse(db: Db, attemptId: number, couponId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [reserved] = await tx
      .update(coupons)
      .set({ usedNumber: sql`${coupons.usedNumber} + 1` })
      .where(
        and(
          eq(coupons.id, couponId),
          eq(coupons.status, true),
          sql`(${coupons.maxUseNumber} = 0 OR ${coupons.usedNumber} < ${coupons.maxUseNumber})`,
        ),
      )
      .returning({ id: coupons.id });
    if (!reserved) return false;
    await tx.update(checkoutAttempts).set({ couponId }).where(eq(checkoutAttempts.id, attemptId));
    return true;
  });
}

/** Gives the reserved use back (a declined card, a failed record) and forgets it on the attempt. */
export async function releaseCouponUse(db: Db, attemptId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ couponId: checkoutAttempts.couponId })
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.id, attemptId))
      .for('update');
    if (!attempt?.couponId) return;
    await tx
      .update(coupons)
      .set({ usedNumber: sql`greatest(${coupons.usedNumber} - 1, 0)` })
      .where(eq(coupons.id, attempt.couponId));
    await tx.update(checkoutAttempts).set({ couponId: null }).where(eq(checkoutAttempts.id, attemptId));
  });
}
