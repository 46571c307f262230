import { MEMBERSHIP } from '@portal/shared/memberships';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authTokens } from '../src/db/schema/auth.ts';
import { createUser, type UserRow } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const onPostgres = inject('testDatabase').kind === 'postgres';

const sessionStatus = async (app: TestApp['app'], token: string) =>
  (await injectAs(app, token, { url: '/api/v1/session/' })).statusCode;

/** A user with a session already in the cache. */
async function signedIn(app: TestApp['app'], input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, input);
  const token = await tokenFor(app, user);
  expect(await sessionStatus(app, token)).toBe(200);
  return { user, token };
}

function withinSeconds<T>(seconds: number, work: Promise<T>): Promise<T | 'timed out'> {
  const timeout = new Promise<'timed out'>((resolve) =>
    setTimeout(() => resolve('timed out'), seconds * 1000),
  );
  return Promise.race([work, timeout]);
}

describe('session cache', () => {
  it('serves a known session from memory: no database read, and no write within a minute', async () => {
    const { token } = await signedIn(t.app);
    const misses = t.app.sessionCache.stats.misses;
    // While the session tables are locked, a request that read or wrote them would hang.
    const statuses = await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table auth_tokens, users in access exclusive mode`);
      return withinSeconds(
        3,
        Promise.all(
          Array.from({ length: 20 }, () =>
            injectAs(t.app, token, { url: '/auth/build-version/' }).then((r) => r.statusCode),
          ),
        ),
      );
    });
    expect(statuses).toEqual(Array(20).fill(200));
    expect(t.app.sessionCache.stats.misses).toBe(misses);
  });

  it('refuses a cached token on its very next request after logout', async () => {
    const { token } = await signedIn(t.app);
    expect((await injectAs(t.app, token, { method: 'POST', url: '/api/admin/logout/' })).statusCode).toBe(
      200,
    );
    expect(await sessionStatus(t.app, token)).toBe(401);
  });

  it('refuses a cached token on its very next request after the user is deactivated', async () => {
    const admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
    const { user, token } = await signedIn(t.app);
    const off = await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${user.id}/` });
    expect(off.statusCode).toBe(200);
    expect(await sessionStatus(t.app, token)).toBe(401);
  });

  it('after a password change, refuses the other sessions and keeps the current one up to date', async () => {
    const { user, token: here } = await signedIn(t.app);
    const elsewhere = await tokenFor(t.app, user);
    expect(await sessionStatus(t.app, elsewhere)).toBe(200);
    const change = (current: string, next: string) =>
      injectAs(t.app, here, {
        method: 'POST',
        url: `/api/v1/users/update-password/${user.id}/`,
        payload: { password_current: current, password_new: next, password_confirmation: next },
      });
    expect((await change('test-password', 'second-password')).statusCode).toBe(200);
    expect(await sessionStatus(t.app, elsewhere)).toBe(401);
    expect(await sessionStatus(t.app, here)).toBe(200);
    // The cached copy of this session saw the new password, not the old one.
    expect((await change('second-password', 'third-password')).statusCode).toBe(200);
  });

  it('refuses a cached token after an admin sets a new password or a reset link is used', async () => {
    const admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
    const { user, token } = await signedIn(t.app, { email: 'cached.reset@example.test' });
    const byAdmin = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/users/change-password/',
      payload: { user_id: user.id, new_password_change: 'set-by-admin' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(await sessionStatus(t.app, token)).toBe(401);

    const again = await tokenFor(t.app, user);
    expect(await sessionStatus(t.app, again)).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password/',
      payload: { email: 'cached.reset@example.test' },
    });
    await t.app.mailWorker.drain();
    const mail = t.mail.sent.findLast((m) => m.to === 'cached.reset@example.test');
    const resetToken = /token=([\w-]+)/.exec(mail!.text)![1];
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password/confirm/',
      payload: { token: resetToken, password: 'chosen-by-me', password_confirmation: 'chosen-by-me' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await sessionStatus(t.app, again)).toBe(401);
  });

  it('drops a cached session when the database changes its user, whoever writes the change', async () => {
    const { user, token } = await signedIn(t.app, { membershipId: MEMBERSHIP.harvestCenter });
    // As another process, the CLI or an operator with psql would: no application code involved.
    await t.db.execute(sql`update users set agreement_accepted_at = null where id = ${user.id}`);
    await t.app.sessionInvalidation.sync();
    const gated = await injectAs(t.app, token, { url: `/api/v1/users/${user.id}/` });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('agreement_required');

    await t.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.userId, user.id));
    await t.app.sessionInvalidation.sync();
    expect(await sessionStatus(t.app, token)).toBe(401);
  });
});

describe.skipIf(!onPostgres)('two app processes on one PostgreSQL database', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await buildTestApp({ sharing: t });
  });
  afterAll(() => other.close());

  /** Signed in on both processes, with the session cached in each. */
  async function cachedOnBoth(): Promise<{ user: UserRow; token: string }> {
    const { user, token } = await signedIn(t.app);
    expect(await sessionStatus(other.app, token)).toBe(200);
    return { user, token };
  }

  it('a session revoked in one is refused by the other as soon as the notification arrives', async () => {
    const { token } = await cachedOnBoth();
    expect((await injectAs(t.app, token, { method: 'POST', url: '/api/admin/logout/' })).statusCode).toBe(
      200,
    );
    // Everything committed before this point has reached the other process (NOTIFY keeps commit order).
    const started = performance.now();
    await other.app.sessionInvalidation.sync();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await sessionStatus(other.app, token)).toBe(401);
    expect(await sessionStatus(t.app, token)).toBe(401);
  });

  it('a user deactivated in one loses their sessions in the other', async () => {
    const admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
    const { user, token } = await cachedOnBoth();
    expect((await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${user.id}/` })).statusCode).toBe(
      200,
    );
    await other.app.sessionInvalidation.sync();
    expect(await sessionStatus(other.app, token)).toBe(401);
  });

  it('reads sessions from the database while its listening connection is down, and listens again', async () => {
    const { user, token } = await cachedOnBoth();
    const killer = new pg.Client({ connectionString: other.database.connectionString });
    await killer.connect();
    try {
      await killer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'portal-session-listener' and datname = current_database()
            and pid <> pg_backend_pid()`,
      );
    } finally {
      await killer.end();
    }
    // Both apps lost their listener; a revocation now cannot be announced to them.
    const offline = () => !other.app.sessionInvalidation.listening && !other.app.sessionCache.enabled;
    await expect.poll(offline, { timeout: 2000, interval: 5 }).toBe(true);
    await t.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.userId, user.id));
    expect(await sessionStatus(other.app, token)).toBe(401);

    await expect.poll(() => other.app.sessionInvalidation.listening, { timeout: 10_000 }).toBe(true);
    const again = await cachedOnBoth();
    await t.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.userId, again.user.id));
    await other.app.sessionInvalidation.sync();
    expect(await sessionStatus(other.app, again.token)).toBe(401);
  });
});
