import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { countRecentAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/login-throttle.ts';
import { auditLog } from '../../db/schema/platform.ts';

/** The login counters (login_throttle) behind login-throttle.ts, which holds the limits. */

const windowStart = (windowMinutes: number) => sql`now() - make_interval(mins => ${windowMinutes})`;

/**
 * Takes one attempt from a counter in a single upsert: the row lock of ON CONFLICT DO UPDATE makes
 * concurrent attempts queue, and each sees the count the previous one left. Returns the attempts
 * taken in the window including this one, or null when the counter is full (nothing is taken then).
 */
export async function takeAttempt(
  db: Db,
  counter: { address: string; email: string },
  limit: number,
  windowMinutes: number,
): Promise<number | null> {
  const expired = lte(loginThrottle.windowStartedAt, windowStart(windowMinutes));
  const taken = await db
    .insert(loginThrottle)
    .values({ ...counter, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [loginThrottle.address, loginThrottle.email],
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginThrottle.windowStartedAt} END`,
      },
      setWhere: or(expired, sql`${loginThrottle.failures} < ${limit}`),
    })
    .returning({ failures: loginThrottle.failures });
  return taken[0]?.failures ?? null;
}

/** Gives one attempt back to each of these counters of the address. */
export async function giveAttemptBack(db: Db, address: string, emails: readonly string[]): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(and(eq(loginThrottle.address, address), inArray(loginThrottle.email, emails)));
}

/** Deletes the counters whose window has passed; how many. */
export async function deleteCountersOlderThan(db: Db, windowMinutes: number): Promise<number> {
  const deleted = await db
    .delete(loginThrottle)
    .where(lte(loginThrottle.windowStartedAt, windowStart(windowMinutes)))
    .returning({ address: loginThrottle.address });
  return deleted.length;
}

/** The reset mails asked for an e-mail address within the window (the audit log keeps count). */
export function countRecentResetRequests(db: Db, email: string, windowMs: number): Promise<number> {
  return countRecentAudit(db, 'password_reset.requested', windowMs, eq(auditLog.email, email));
}
