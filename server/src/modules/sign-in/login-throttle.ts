import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  countRecentResetRequests,
  deleteCountersOlderThan,
  giveAttemptBack,
  takeAttempt,
} from './login-throttle.repository.ts';

/**
 * Wrong passwords evaluated per window: per account from one address, and per address over all
 * accounts. There is deliberately no limit per account alone: it would let anyone lock the owner
 * out from everywhere (docs/decisions/010-session-security.md).
 */
export const LOGIN_THROTTLE = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please wait ${LOGIN_THROTTLE.windowMinutes} minutes and try again.`;

/** The row counting every account tried from an address. */
const ANY_ACCOUNT = '';

function takeAttemptOf(db: Db, address: string, email: string, limit: number): Promise<boolean> {
  return takeAttempt(db, { address, email }, limit, LOGIN_THROTTLE.windowMinutes);
}

class Throttled extends Error {}

/**
 * Reserves one evaluation of a password for (email, address) before it is checked, counted as a
 * failure until `refundLoginAttempt` says it succeeded; 429 when the account from this address or
 * the address itself has no attempts left. Both counters are taken in one transaction, so a
 * refused attempt uses up neither.
 */
export async function reserveLoginAttempt(db: Db, email: string, address: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Always the account row first, then the address row: concurrent attempts lock in one order.
      if (!(await takeAttemptOf(tx, address, email, LOGIN_THROTTLE.perAccount))) throw new Throttled();
      if (!(await takeAttemptOf(tx, address, ANY_ACCOUNT, LOGIN_THROTTLE.perIp))) throw new Throttled();
    });
  } catch (error) {
    if (error instanceof Throttled) throw new AppError(429, THROTTLED_MESSAGE);
    throw error;
  }
}

/**
 * A sign-in that names no account (a passkey alone) is counted against its address only: one attempt
 * reserved before the passkey is checked, given back when it was right.
 */
export async function reserveAddressAttempt(db: Db, address: string): Promise<void> {
  if (!(await takeAttemptOf(db, address, ANY_ACCOUNT, LOGIN_THROTTLE.perIp))) {
    throw new AppError(429, THROTTLED_MESSAGE);
  }
}

export async function refundAddressAttempt(db: Db, address: string): Promise<void> {
  await giveAttemptBack(db, address, [ANY_ACCOUNT]);
}

/** A correct password gives its reserved attempt back. */
export async function refundLoginAttempt(db: Db, email: string, address: string): Promise<void> {
  await giveAttemptBack(db, address, [email, ANY_ACCOUNT]);
}

/** Counters whose window has passed mean nothing any more (run by the session purge). */
export function deleteExpiredLoginCounters(db: Db): Promise<number> {
  return deleteCountersOlderThan(db, LOGIN_THROTTLE.windowMinutes);
}

/** At most this many reset mails per address per window, so the form cannot flood an inbox. */
export async function isResetRequestAllowed(db: Db, email: string): Promise<boolean> {
  const requested = await countRecentResetRequests(db, email, LOGIN_THROTTLE.windowMinutes * 60_000);
  return requested < 5;
}
