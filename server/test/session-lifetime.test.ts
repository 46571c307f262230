import fs from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueSessionToken } from '../src/auth/tokens.ts';
import { authTokens, passwordResetTokens } from '../src/db/schema/auth.ts';
import { loginThrottle } from '../src/db/schema/login-throttle.ts';
import { jobClaims } from '../src/db/schema/platform.ts';
import { purgeExpiredSessions } from '../src/modules/sign-in/session-purge.ts';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 3600 * 1000;

async function sessionOf(userId: number, token: { created: string; expires: string; lastUsed?: string }) {
  const { token: raw, tokenId } = await issueSessionToken(t.db, { userId, ttlDays: 7 });
  await t.db
    .update(authTokens)
    .set({
      createdAt: sql.raw(`now() - interval '${token.created}'`),
      expiresAt: sql.raw(`now() + interval '${token.expires}'`),
      lastUsedAt: sql.raw(`now() - interval '${token.lastUsed ?? '0 seconds'}'`),
    })
    .where(eq(authTokens.id, tokenId));
  return { raw, tokenId };
}

describe('absolute session lifetime (finding 11)', () => {
  it('ends a session SESSION_MAX_AGE_DAYS (30) after its login, however much it is used', async () => {
    const user = await createUser(t.db);
    const old = await sessionOf(user.id, { created: '30 days 1 minute', expires: '6 days' });
    const young = await sessionOf(user.id, { created: '29 days 23 hours', expires: '6 days' });
    expect((await injectAs(t.app, old.raw, { url: '/api/v1/session/' })).statusCode).toBe(401);
    expect((await injectAs(t.app, young.raw, { url: '/api/v1/session/' })).statusCode).toBe(200);
  });

  it('slides the idle expiry with use, but never past the absolute lifetime', async () => {
    const user = await createUser(t.db);
    const session = await sessionOf(user.id, {
      created: '29 days',
      expires: '1 hour',
      lastUsed: '2 minutes',
    });
    expect((await injectAs(t.app, session.raw, { url: '/api/v1/session/' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.id, session.tokenId));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 0.9 * DAY_MS);
    expect(row.expiresAt.getTime()).toBe(row.createdAt.getTime() + 30 * DAY_MS);
  });

  it('follows SESSION_MAX_AGE_DAYS', async () => {
    const short = await buildTestApp({ env: { SESSION_TTL_DAYS: '1', SESSION_MAX_AGE_DAYS: '2' } });
    try {
      const user = await createUser(short.db);
      const { token } = await issueSessionToken(short.db, { userId: user.id, ttlDays: 1 });
      await short.db.execute(sql`update auth_tokens set created_at = now() - interval '49 hours'`);
      expect((await injectAs(short.app, token, { url: '/api/v1/session/' })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('purging (finding 11)', () => {
  it('purgeExpiredSessions deletes dead sessions, used or expired reset tokens and stale login counters', async () => {
    await t.db.delete(authTokens);
    await t.db.delete(passwordResetTokens);
    await t.db.delete(loginThrottle);
    const user = await createUser(t.db);
    const live = await sessionOf(user.id, { created: '1 day', expires: '6 days' });
    const expired = await sessionOf(user.id, { created: '8 days', expires: '-1 minute' });
    const tooOld = await sessionOf(user.id, { created: '31 days', expires: '6 days' });
    const revoked = await sessionOf(user.id, { created: '1 hour', expires: '6 days' });
    await t.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, revoked.tokenId));
    // A linked session ("Login As") ends with the session it was opened from.
    const linked = await issueSessionToken(t.db, {
      userId: user.id,
      ttlDays: 7,
      kind: 'impersonation',
      parentTokenId: revoked.tokenId,
    });

    const reset = (hash: string, expires: string, used: boolean) => ({
      tokenHash: hash,
      userId: user.id,
      expiresAt: sql.raw(`now() + interval '${expires}'`),
      usedAt: used ? new Date() : null,
    });
    await t.db
      .insert(passwordResetTokens)
      .values([
        reset('live', '1 hour', false),
        reset('used', '1 hour', true),
        reset('gone', '-1 minute', false),
      ]);
    await t.db.insert(loginThrottle).values([
      { address: '10.8.0.1', email: '', failures: 3, windowStartedAt: sql`now() - interval '1 minute'` },
      { address: '10.8.0.2', email: '', failures: 9, windowStartedAt: sql`now() - interval '1 hour'` },
    ]);

    const counts = await purgeExpiredSessions(t.db, { maxAgeDays: 30 });

    expect(counts).toMatchObject({ sessions: 3, resetTokens: 2, loginCounters: 1 });
    const sessions = await t.db.select({ id: authTokens.id }).from(authTokens);
    expect(sessions.map((s) => s.id)).toEqual([live.tokenId]);
    const stillThere = await t.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(inArray(authTokens.id, [expired.tokenId, tooOld.tokenId, linked.tokenId]));
    expect(stillThere).toEqual([]);
    const resets = await t.db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(resets.map((r) => r.hash)).toEqual(['live']);
    const counters = await t.db.select({ address: loginThrottle.address }).from(loginThrottle);
    expect(counters.map((c) => c.address)).toEqual(['10.8.0.1']);
  });

  it('runs periodically once started, and not after the app closes', async () => {
    const app = await buildTestApp();
    // Only the job's timer is faked (the database and the polls keep real time): its ticks come when
    // the test says, and whether one is left after closing is counted instead of waited for.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldClearNativeTimers: true });
    try {
      const user = await createUser(app.db);
      const dead = async () => {
        const { tokenId } = await issueSessionToken(app.db, { userId: user.id, ttlDays: 7 });
        await app.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, tokenId));
        return tokenId;
      };
      const exists = async (id: number) =>
        (await app.db.select().from(authTokens).where(eq(authTokens.id, id))).length > 0;
      const runs = vi.spyOn(app.app.sessionPurge, 'run');
      // One tick of the timer per poll: a run follows once the claim of the last one is due again.
      const tickUntilGone = (id: number) =>
        expect
          .poll(
            async () => {
              vi.advanceTimersByTime(50);
              return exists(id);
            },
            { timeout: 5000 },
          )
          .toBe(false);

      app.app.sessionPurge.start(50);
      await tickUntilGone(await dead());
      await tickUntilGone(await dead());
      expect(runs.mock.calls.length).toBeGreaterThanOrEqual(2);

      await app.app.close(); // stops the job; the database stays open below
      const third = await dead();
      const runsBefore = runs.mock.calls.length;
      // Due again in the database, so that a timer left behind would claim a tick and run.
      await app.db.update(jobClaims).set({ nextRunAt: new Date(0), claimedBy: null, leaseUntil: null });
      vi.advanceTimersByTime(60_000);
      // Waits for a run such a tick started (none, when the timer is gone).
      await app.app.sessionPurge.stop();
      expect(runs.mock.calls.length).toBe(runsBefore);
      expect(await exists(third)).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      await app.database.close();
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
  });
});
