import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredAudit } from '../../audit-chain/audit-chain.ts';
import type { Db } from '../../db/client.ts';
import { PeriodicJob } from '../../jobs/periodic-job.ts';
import { deleteExpiredLoginCounters } from '../accounts/login-throttle.ts';
import {
  deleteDeadEmailConfirmations,
  deleteDeadResetTokens,
  deleteDeadSessions,
  deleteDeadWebauthnChallenges,
  deleteEndedRateLimitCounters,
} from './session-purge.repository.ts';

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
  const sessions = await deleteDeadSessions(db, options.maxAgeDays);
  const resetTokens = await deleteDeadResetTokens(db);
  const confirmations = await deleteDeadEmailConfirmations(db);
  const challenges = await deleteDeadWebauthnChallenges(db);
  return {
    sessions,
    resetTokens,
    loginCounters: await deleteExpiredLoginCounters(db),
    rateLimitCounters: await deleteEndedRateLimitCounters(db),
    emailConfirmations: confirmations,
    webauthnChallenges: challenges,
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
