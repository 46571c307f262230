import { MEMBERSHIP } from '@portal/shared/memberships';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../src/db/schema/auth.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { THROTTLED_MESSAGE } from '../src/modules/accounts/login-throttle.ts';
import { LOGIN_FAILED_MESSAGE } from '../src/modules/sign-in/sign-in.service.ts';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/admin/login/', payload: { email, password }, remoteAddress: ip });

describe('POST /api/admin/login/', () => {
  it('returns a token, a message and the user, and records the login', async () => {
    // A type the default policy does not require a second factor of (second-factors.test.ts has those).
    const user = await createUser(t.db, {
      email: 'Login.Ok@Example.test',
      membershipId: MEMBERSHIP.referralHarvestCenter,
    });
    const res = await login('login.ok@example.test', 'test-password');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.message).toBe('Login successful.');
    expect(body.user).toMatchObject({
      id: user.id,
      membership: [{ id: 5, name: 'Referral Harvest Center' }],
    });
    expect(body.user).not.toHaveProperty('password_hash');
    const session = await t.app.inject({
      url: '/api/v1/session/',
      headers: { authorization: `Token ${body.token}` },
    });
    expect(session.json()).toMatchObject({ user: { id: user.id }, impersonator: null, staff: null });
    const [stored] = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored.tokenHash).not.toBe(body.token);
  });

  it('refuses a wrong password with the server message', async () => {
    await createUser(t.db, { email: 'wrong.pw@example.test' });
    const res = await login('wrong.pw@example.test', 'not-the-password', '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: LOGIN_FAILED_MESSAGE });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.email, 'wrong.pw@example.test'));
    expect(rows.map((r) => r.action)).toContain('login.failed');
  });

  it('gives the same message for an unknown e-mail', async () => {
    const res = await login('nobody@example.test', 'whatever', '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LOGIN_FAILED_MESSAGE);
  });

  it('refuses an inactive account even with the right password', async () => {
    await createUser(t.db, { email: 'inactive@example.test', isActive: false });
    const res = await login('inactive@example.test', 'test-password', '10.0.0.4');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/inactive/);
  });

  it('throttles an account from the address that failed, even with the right password', async () => {
    await createUser(t.db, { email: 'throttle@example.test' });
    for (let i = 0; i < 5; i++) {
      expect((await login('throttle@example.test', 'bad-password', '10.1.0.1')).statusCode).toBe(400);
    }
    const res = await login('throttle@example.test', 'test-password', '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(THROTTLED_MESSAGE);
    // Someone else's failures do not lock the owner out elsewhere (login-throttle.test.ts).
    expect((await login('throttle@example.test', 'test-password', '10.1.0.99')).statusCode).toBe(200);
  });

  it('throttles an IP that tries many accounts', async () => {
    for (let i = 0; i < 30; i++) await login(`spray${i}@example.test`, 'x', '10.9.9.9');
    await createUser(t.db, { email: 'victim@example.test' });
    expect((await login('victim@example.test', 'test-password', '10.9.9.9')).statusCode).toBe(429);
    expect((await login('victim@example.test', 'test-password', '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t.app, user);
    expect((await injectAs(t.app, token, { url: '/api/v1/session/' })).statusCode).toBe(200);
    const out = await injectAs(t.app, token, { method: 'POST', url: '/api/admin/logout/' });
    expect(out.statusCode).toBe(200);
    const after = await injectAs(t.app, token, { url: '/api/v1/session/' });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Invalid or expired token.');
  });

  it('an expired token is refused', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t.app, user);
    await t.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.userId, user.id));
    expect((await injectAs(t.app, token, { url: '/api/v1/session/' })).statusCode).toBe(401);
  });

  it('use slides the idle expiry forward', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t.app, user);
    await t.db
      .update(authTokens)
      .set({ lastUsedAt: sql`now() - interval '2 days'`, expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(authTokens.userId, user.id));
    await injectAs(t.app, token, { url: '/api/v1/session/' });
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('a deactivated user loses its sessions at once', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t.app, user);
    await t.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    expect((await injectAs(t.app, token, { url: '/api/v1/session/' })).statusCode).toBe(401);
  });

  it('no token, a malformed header and an unknown token are 401', async () => {
    expect((await t.app.inject({ url: '/api/v1/session/' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/v1/session/', headers: { authorization: 'Bearer abc' } });
    expect(bad.statusCode).toBe(401);
    const unknown = await injectAs(t.app, 'x'.repeat(43), { url: '/api/v1/session/' });
    expect(unknown.statusCode).toBe(401);
  });
});

describe('GET /auth/build-version/', () => {
  it('answers the version without a session', async () => {
    const res = await t.app.inject({ url: '/auth/build-version/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toEqual(expect.any(String));
  });
});
