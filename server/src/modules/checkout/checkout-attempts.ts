import { createHash } from 'node:crypto';
import type { TCheckoutOrder, TCheckoutResponse } from '@portal/shared/checkout';
import { COUPON_REJECTIONS } from '@portal/shared/coupons';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../errors/app-error.ts';
import {
  deleteAttempt,
  deleteDeclinedAttempt,
  findAttempt,
  giveBackCouponUse,
  insertAttempt,
  markAttemptFinished,
  takeCouponUse,
} from './checkout-attempts.repository.ts';

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
  const requestSha256 = requestHash(order);
  const { key, derived } = orderKey(order, requestSha256);
  const claim = () => insertAttempt(db, { userId, idempotencyKey: key, requestSha256 });
  const created = await claim();
  if (created !== null) return { attemptId: created };
  const existing = await findAttempt(db, userId, key);
  if (derived && existing?.status === 'declined') {
    await deleteDeclinedAttempt(db, existing.id);
    const again = await claim();
    if (again !== null) return { attemptId: again };
    throw conflict(IDEMPOTENCY_TEXTS.inProgress);
  }
  if (!existing || existing.requestSha256 !== requestSha256) throw conflict(IDEMPOTENCY_TEXTS.otherOrder);
  if (existing.status === 'pending' || !existing.response || !existing.httpStatus) {
    throw conflict(IDEMPOTENCY_TEXTS.inProgress);
  }
  return {
    replay: { status: existing.httpStatus === 402 ? 402 : 200, body: existing.response as TCheckoutResponse },
  };
}

/** Lets the key be used again: the order was refused, or everything it did was taken back. */
export async function forgetCheckoutAttempt(db: Db, attemptId: number): Promise<void> {
  await deleteAttempt(db, attemptId);
}

/** Keeps the attempt's answer: the same key sent again is answered with it. */
export async function finishCheckoutAttempt(
  db: Db,
  attemptId: number,
  status: 'succeeded' | 'declined' | 'failed',
  answer: CheckoutAnswer,
  transactionId: number | null = null,
): Promise<void> {
  await markAttemptFinished(db, attemptId, {
    status,
    httpStatus: answer.status,
    response: answer.body,
    transactionId,
  });
}

/** Takes one use of the coupon for this attempt, or refuses the order when none is left. */
export async function reserveCouponUse(db: Db, attemptId: number, couponId: number): Promise<void> {
  if (await takeCouponUse(db, attemptId, couponId)) return;
  throw badRequest(COUPON_REJECTIONS.usedUp, { coupon_code: COUPON_REJECTIONS.usedUp });
}

/** Gives the reserved use back (a declined card, an order taken back) and forgets it on the attempt. */
export async function releaseCouponUse(db: Db, attemptId: number): Promise<void> {
  await giveBackCouponUse(db, attemptId);
}
