import { isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredAudit } from '../../audit-chain/audit-chain.ts';
import { DAY_MS } from '../../auth/session-lifetime.ts';
import type { Db } from '../../db/client.ts';
import { authTokens, passwordResetTokens } from '../../db/schema/auth.ts';
import { webauthnChallenges } from '../../db/schema/second-factors.ts';
import { emailConfirmations, rateLimitHits } from '../../db/schema/sign-up.ts';
import { PeriodicJob } from '../../jobs/periodic-job.ts';
import { deleteExpiredLoginCounters } from './login-throttle.ts';

export type PurgeCounts = {
  sessions: number;
  resetTokens: number;
  loginCounters: number;
  rateLimitCounters: number;
  emailConfirmations: number;
  webauthnChallenges: number;
  auditRows: number;
};

export type PurgeOptions = {
  maxAgeDays: number;
};

/**
 * Deletes what can never be used again: sessions expired, past their absolute lifetime or revoked
 * (linked sessions go with their parent, by the foreign key's cascade), reset tokens used or
 * expired, e-mail confirmation links and WebAuthn challenges used or expired, and login and rate-limit counters whose
 * window has passed; and audit rows past the retention period the database keeps (decision 028).
 */
export async function purgeExpiredSessions(db: Db, options: PurgeOptions): Promise<PurgeCounts> {
  const maxAge = sql`make_interval(secs => ${(options.maxAgeDays * DAY_MS) / 1000})`;
  const sessions = await db
    .delete(authTokens)
    .where(
      or(
        lte(authTokens.expiresAt, sql`now()`),
        lte(sql`${authTokens.createdAt} + ${maxAge}`, sql`now()`),
        isNotNull(authTokens.revokedAt),
      ),
    )
    .returning({ id: authTokens.id });
  const resetTokens = await db
    .delete(passwordResetTokens)
    .where(or(isNotNull(passwordResetTokens.usedAt), lte(passwordResetTokens.expiresAt, sql`now()`)))
    .returning({ id: passwordResetTokens.id });
  const confirmations = await db
    .delete(emailConfirmations)
    .where(or(isNotNull(emailConfirmations.usedAt), lte(emailConfirmations.expiresAt, sql`now()`)))
    .returning({ id: emailConfirmations.id });
  const challenges = await db
    .delete(webauthnChallenges)
    .where(or(isNotNull(webauthnChallenges.usedAt), lte(webauthnChallenges.expiresAt, sql`now()`)))
    .returning({ id: webauthnChallenges.id });
  return {
    sessions: sessions.length,
    resetTokens: resetTokens.length,
    loginCounters: await deleteExpiredLoginCounters(db),
    rateLimitCounters: await purgeRateLimitHits(db),
    emailConfirmations: confirmations.length,
    webauthnChallenges: challenges.length,
    auditRows: await purgeExpiredAudit(db),
  };
}

/** Runs the purge at start and then hourly; started like the mail worker, stopped on close. */
export class SessionPurgeJob extends PeriodicJob<PurgeCounts> {
  constructor(db: Db, options: PurgeOptions, log: FastifyBaseLogger) {
    super(
      'session purge',
      db,
      async () => {
        const counts = await purgeExpiredSessions(db, options);
        log.debug(counts, 'purged expired sessions, reset tokens and login counters');
        return counts;
      },
      log,
    );
  }

  override start(intervalMs = 60 * 60 * 1000): void {
    super.start(intervalMs);
  }
}

/** Deletes counters whose window has ended (the session purge job calls it). */
async function purgeRateLimitHits(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(sql`${rateLimitHits.resetAt} < now()`)
    .returning({ key: rateLimitHits.key });
  return deleted.length;
}
