import { isNotNull, lte, or, sql } from 'drizzle-orm';
import { DAY_MS } from '../../auth/session-lifetime.ts';
import type { Db } from '../../db/client.ts';
import { authTokens, passwordResetTokens } from '../../db/schema/auth.ts';
import { webauthnChallenges } from '../../db/schema/second-factors.ts';
import { emailConfirmations, rateLimitHits } from '../../db/schema/sign-up.ts';

/** The deletes of the session purge (session-purge.ts); each returns how many rows went. */

/**
 * Sessions expired, past their absolute lifetime (`maxAgeDays` after they were opened) or revoked;
 * linked sessions go with their parent, by the foreign key's cascade.
 */
export async function deleteDeadSessions(db: Db, maxAgeDays: number): Promise<number> {
  const maxAge = sql`make_interval(secs => ${(maxAgeDays * DAY_MS) / 1000})`;
  const deleted = await db
    .delete(authTokens)
    .where(
      or(
        lte(authTokens.expiresAt, sql`now()`),
        lte(sql`${authTokens.createdAt} + ${maxAge}`, sql`now()`),
        isNotNull(authTokens.revokedAt),
      ),
    )
    .returning({ id: authTokens.id });
  return deleted.length;
}

/** Password links used or expired. */
export async function deleteDeadResetTokens(db: Db): Promise<number> {
  const deleted = await db
    .delete(passwordResetTokens)
    .where(or(isNotNull(passwordResetTokens.usedAt), lte(passwordResetTokens.expiresAt, sql`now()`)))
    .returning({ id: passwordResetTokens.id });
  return deleted.length;
}

/** E-mail confirmation links used or expired. */
export async function deleteDeadEmailConfirmations(db: Db): Promise<number> {
  const deleted = await db
    .delete(emailConfirmations)
    .where(or(isNotNull(emailConfirmations.usedAt), lte(emailConfirmations.expiresAt, sql`now()`)))
    .returning({ id: emailConfirmations.id });
  return deleted.length;
}

/** WebAuthn challenges used or expired. */
export async function deleteDeadWebauthnChallenges(db: Db): Promise<number> {
  const deleted = await db
    .delete(webauthnChallenges)
    .where(or(isNotNull(webauthnChallenges.usedAt), lte(webauthnChallenges.expiresAt, sql`now()`)))
    .returning({ id: webauthnChallenges.id });
  return deleted.length;
}

/** Rate-limit counters whose window has ended. */
export async function deleteEndedRateLimitCounters(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(sql`${rateLimitHits.resetAt} < now()`)
    .returning({ key: rateLimitHits.key });
  return deleted.length;
}
