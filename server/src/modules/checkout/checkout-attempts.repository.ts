import type { TCheckoutResponse } from '@portal/shared/checkout';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutAttempts, coupons } from '../../db/schema/commerce.ts';

/** A new attempt for the key, or null when the key is taken (ON CONFLICT DO NOTHING: one wins a race). */
export async function insertAttempt(
  db: Db,
  attempt: { userId: number; idempotencyKey: string; requestSha256: string },
): Promise<number | null> {
  const [created] = await db
    .insert(checkoutAttempts)
    .values(attempt)
    .onConflictDoNothing()
    .returning({ id: checkoutAttempts.id });
  return created?.id ?? null;
}

export async function findAttempt(db: Db, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.userId, userId), eq(checkoutAttempts.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** Frees a declined attempt's key (only while it is still the declined one). */
export async function deleteDeclinedAttempt(db: Db, attemptId: number): Promise<void> {
  await db
    .delete(checkoutAttempts)
    .where(and(eq(checkoutAttempts.id, attemptId), eq(checkoutAttempts.status, 'declined')));
}

export async function deleteAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId));
}

export async function markAttemptFinished(
  db: Db,
  attemptId: number,
  outcome: {
    status: 'succeeded' | 'declined' | 'failed';
    httpStatus: number;
    response: TCheckoutResponse;
    transactionId: number | null;
  },
): Promise<void> {
  await db
    .update(checkoutAttempts)
    .set({ ...outcome, finishedAt: sql`now()` })
    .where(eq(checkoutAttempts.id, attemptId));
}

/**
 * Takes one use of the coupon for the attempt, or none when it is used up or inactive: the
 * conditional update is atomic, so parallel checkouts never pass max_use_number.
 */
export async function takeCouponUse(db: Db, attemptId: number, couponId: number): Promise<boolean> {
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

/** Gives the attempt's coupon use back, if it holds one, and forgets it on the attempt. */
export async function giveBackCouponUse(db: Db, attemptId: number): Promise<void> {
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
