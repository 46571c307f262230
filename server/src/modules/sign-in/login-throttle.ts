import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { countRecentAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/login-throttle.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * Wrong passwords evaluated per window: per account from one address, and per address over all
 * accounts. There is deliberately no limit per account alone: it would let anyone lock the owner
 * out from everywhere (docs/decisions/010-session-security.md).
 */
export const LOGIN_THROTTLE = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please wait ${LOGIN_THROTTLE.windowMinutes} minutes and try again.`;

/** The row counting every account tried from an address. */
const ANY_ACCOUNT = '';

const windowStart = sql`now() - make_interval(mins => ${LOGIN_THROTTLE.windowMinutes})`;

/**
 * Takes one attempt from a counter in a single upsert: the row lock of ON CONFLICT DO UPDATE makes
 * concurrent attempts queue, and each sees the count the previous one left. Returns false when
 * the counter is full for the current window (nothing is taken then).
 */
async function takeAttempt(db: Db, address: string, email: string, limit: number): Promise<boolean> {
  const expired = lte(loginThrottle.windowStartedAt, windowStart);
  const taken = await db
    .insert(loginThrottle)
    .values({ address, email, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [loginThrottle.address, loginThrottle.email],
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginThrottle.windowStartedAt} END`,
      },
      setWhere: or(expired, sql`${loginThrottle.failures} < ${limit}`),
    })
    .returning({ failures: loginThrottle.failures });
  return taken.length > 0;
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
      if (!(await takeAttempt(tx, address, email, LOGIN_THROTTLE.perAccount))) throw new Throttled();
      if (!(await takeAttempt(tx, address, ANY_ACCOUNT, LOGIN_THROTTLE.perIp))) throw new Throttled();
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
  if (!(await takeAttempt(db, address, ANY_ACCOUNT, LOGIN_THROTTLE.perIp))) {
    throw new AppError(429, THROTTLED_MESSAGE);
  }
}

export async function refundAddressAttempt(db: Db, address: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(and(eq(loginThrottle.address, address), eq(loginThrottle.email, ANY_ACCOUNT)));
}

/** A correct password gives its reserved attempt back. */
export async function refundLoginAttempt(db: Db, email: string, address: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(and(eq(loginThrottle.address, address), inArray(loginThrottle.email, [email, ANY_ACCOUNT])));
}

/** Counters whose window has passed mean nothing any more (run by the session purge). */
export async function deleteExpiredLoginCounters(db: Db): Promise<number> {
  const deleted = await db
    .delete(loginThrottle)
    .where(lte(loginThrottle.windowStartedAt, windowStart))
    .returning({ address: loginThrottle.address });
  return deleted.length;
}

/** At most this many reset mails per address per window, so the form cannot flood an inbox. */
export async function isResetRequestAllowed(db: Db, email: string): Promise<boolean> {
  const requested = await countRecentAudit(
    db,
    'password_reset.requested',
    LOGIN_THROTTLE.windowMinutes * 60_000,
    eq(auditLog.email, email),
  );
  return requested < 5;
}
