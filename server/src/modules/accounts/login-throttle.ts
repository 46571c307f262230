import { SECOND_FACTOR_THROTTLED_MESSAGE } from '@portal/shared/second-factors';
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
 * accounts. There is deliberately no limit per account alone on the password of a sign-in: it would
 * let anyone lock the owner out from everywhere (docs/decisions/010-session-security.md).
 */
export const LOGIN_THROTTLE = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

/**
 * Wrong second factors per account over the window, from any address. Only someone who knows the
 * password reaches that step, so a limit per account alone cannot lock the owner out from a
 * stranger's guesses.
 */
export const SECOND_FACTOR_FAILURES_PER_ACCOUNT = 10;

/**
 * Wrong current passwords typed inside signed-in sessions, per account from any address. Only
 * someone holding a session gets there: a thief with a stolen one, so past it that session ends.
 */
export const REAUTHENTICATION_FAILURES_PER_ACCOUNT = 5;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please wait ${LOGIN_THROTTLE.windowMinutes} minutes and try again.`;

/** The row counting every account tried from an address. */
const ANY_ACCOUNT = '';
/** The address of the counters of one account from every address: no request comes from '*'. */
const EVERY_ADDRESS = '*';

type Counter = { address: string; email: string; limit: number };
type AccountRef = { id: number; email: string };

const accountFromAddress = (email: string, address: string): Counter => ({
  address,
  email: email.toLowerCase(),
  limit: LOGIN_THROTTLE.perAccount,
});
const anyAccountFrom = (address: string): Counter => ({
  address,
  email: ANY_ACCOUNT,
  limit: LOGIN_THROTTLE.perIp,
});
const secondFactorsOf = (userId: number): Counter => ({
  address: EVERY_ADDRESS,
  email: `second-factor:${userId}`,
  limit: SECOND_FACTOR_FAILURES_PER_ACCOUNT,
});
const reauthenticationsOf = (userId: number): Counter => ({
  address: EVERY_ADDRESS,
  email: `reauthentication:${userId}`,
  limit: REAUTHENTICATION_FAILURES_PER_ACCOUNT,
});

class Refused extends Error {
  readonly counter: Counter;
  constructor(counter: Counter) {
    super('refused');
    this.counter = counter;
  }
}

/**
 * Takes one attempt from each counter in one transaction, before anything is checked: a burst of
 * parallel requests queues on the counters' rows, so no more than each limit is ever evaluated,
 * and a refused attempt uses up none of them. Counters are always taken in the order given (the
 * account's own first, then the address's), so concurrent attempts lock in one order.
 * Returns the attempts taken in the window per counter, or the counter that refused.
 */
async function takeAll(db: Db, counters: Counter[]): Promise<{ taken: number[] } | { refused: Counter }> {
  try {
    const taken = await db.transaction(async (tx) => {
      const counts: number[] = [];
      for (const counter of counters) {
        const count = await takeAttempt(tx, counter, counter.limit, LOGIN_THROTTLE.windowMinutes);
        if (count === null) throw new Refused(counter);
        counts.push(count);
      }
      return counts;
    });
    return { taken };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.counter };
    throw error;
  }
}

async function giveBack(db: Db, counters: Counter[]): Promise<void> {
  for (const counter of counters) await giveAttemptBack(db, counter.address, [counter.email]);
}

/**
 * Reserves one evaluation of a password for (email, address) before it is checked, counted as a
 * failure until `refundLoginAttempt` says it succeeded; 429 when the account from this address or
 * the address itself has no attempts left. The e-mail is counted lower-cased, as accounts are found.
 */
export async function reserveLoginAttempt(db: Db, email: string, address: string): Promise<void> {
  const result = await takeAll(db, [accountFromAddress(email, address), anyAccountFrom(address)]);
  if ('refused' in result) throw new AppError(429, THROTTLED_MESSAGE);
}

/** A correct password gives its reserved attempt back. */
export async function refundLoginAttempt(db: Db, email: string, address: string): Promise<void> {
  await giveBack(db, [accountFromAddress(email, address), anyAccountFrom(address)]);
}

/**
 * A second factor at sign-in (code, recovery code or passkey): counted like a password (per account
 * and address, per address) and per account alone, all taken before the factor is checked.
 */
export async function reserveSecondFactorAttempt(
  db: Db,
  account: AccountRef,
  address: string,
): Promise<void> {
  const result = await takeAll(db, [
    secondFactorsOf(account.id),
    accountFromAddress(account.email, address),
    anyAccountFrom(address),
  ]);
  if ('refused' in result) {
    throw new AppError(
      429,
      result.refused.address === EVERY_ADDRESS ? SECOND_FACTOR_THROTTLED_MESSAGE : THROTTLED_MESSAGE,
    );
  }
}

export async function refundSecondFactorAttempt(db: Db, account: AccountRef, address: string): Promise<void> {
  await giveBack(db, [
    secondFactorsOf(account.id),
    accountFromAddress(account.email, address),
    anyAccountFrom(address),
  ]);
}

/**
 * A current password typed inside a signed-in session: counted per account alone and as a sign-in
 * of the account from this address. 'exhausted' when this attempt was refused or is the last the
 * window allows: the caller then ends the session.
 */
export async function reserveReauthentication(
  db: Db,
  account: AccountRef,
  address: string,
): Promise<'reserved' | 'last' | 'refused'> {
  const result = await takeAll(db, [
    reauthenticationsOf(account.id),
    accountFromAddress(account.email, address),
    anyAccountFrom(address),
  ]);
  if ('refused' in result) return 'refused';
  const [ofAccount = 0, fromAddress = 0] = result.taken;
  return ofAccount >= REAUTHENTICATION_FAILURES_PER_ACCOUNT || fromAddress >= LOGIN_THROTTLE.perAccount
    ? 'last'
    : 'reserved';
}

export async function refundReauthentication(db: Db, account: AccountRef, address: string): Promise<void> {
  await giveBack(db, [
    reauthenticationsOf(account.id),
    accountFromAddress(account.email, address),
    anyAccountFrom(address),
  ]);
}

/**
 * A sign-in that names no account (a passkey alone) is counted against its address only: one attempt
 * reserved before the passkey is checked, given back when it was right.
 */
export async function reserveAddressAttempt(db: Db, address: string): Promise<void> {
  const result = await takeAll(db, [anyAccountFrom(address)]);
  if ('refused' in result) throw new AppError(429, THROTTLED_MESSAGE);
}

export async function refundAddressAttempt(db: Db, address: string): Promise<void> {
  await giveBack(db, [anyAccountFrom(address)]);
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
