import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/platform.ts';
import { LOGIN_THROTTLE, THROTTLED_MESSAGE } from '../src/modules/accounts/login-throttle.ts';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login/', payload: { email, password }, remoteAddress: ip });

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/** Wrong passwords that were actually checked: each one leaves a login.failed row. */
async function evaluatedFailures(filter: { email?: string; ip?: string }): Promise<number> {
  const rows = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'login.failed'),
        filter.email ? eq(auditLog.email, filter.email) : undefined,
        filter.ip ? eq(auditLog.ip, filter.ip) : undefined,
      ),
    );
  return rows.length;
}

describe('login throttle (finding 7)', () => {
  it('evaluates at most 5 wrong passwords per account and address, however many arrive at once', async () => {
    await createUser(t.db, { email: 'parallel@example.test' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => login('parallel@example.test', 'wrong-password', '10.7.0.1')),
    );
    expect(tally(responses.map((r) => r.statusCode))).toEqual({ 400: 5, 429: 45 });
    expect(responses.find((r) => r.statusCode === 429)?.json().message).toBe(THROTTLED_MESSAGE);
    expect(await evaluatedFailures({ email: 'parallel@example.test' })).toBe(LOGIN_THROTTLE.perAccount);

    // The same address stays locked out of this account, even with the right password...
    expect((await login('parallel@example.test', 'test-password', '10.7.0.1')).statusCode).toBe(429);
    // ...but the owner signing in from elsewhere is not locked out by someone else's failures.
    expect((await login('parallel@example.test', 'test-password', '10.7.0.2')).statusCode).toBe(200);
  });

  it('counts an account once whatever the letter case it is typed in', async () => {
    await createUser(t.db, { email: 'mixed.case@example.test' });
    // The same address typed ten ways: each a different string, one account.
    const spellings = [
      'Mixed.Case@example.test',
      'mixed.case@EXAMPLE.test',
      'MIXED.CASE@EXAMPLE.TEST',
      'mIxEd.cAsE@example.test',
      'Mixed.case@Example.Test',
      'mixed.CASE@example.test',
      ' mixed.case@example.test ',
      'MIXED.case@example.TEST',
    ];
    const statuses: number[] = [];
    for (const email of spellings)
      statuses.push((await login(email, 'wrong-password', '10.7.4.1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    expect(await evaluatedFailures({ ip: '10.7.4.1' })).toBe(LOGIN_THROTTLE.perAccount);
    // The right password in yet another case is refused from here as well.
    expect((await login('Mixed.Case@Example.Test', 'test-password', '10.7.4.1')).statusCode).toBe(429);
    expect((await login('mixed.case@example.test', 'test-password', '10.7.4.2')).statusCode).toBe(200);
  });

  it('a successful login does not use up an attempt', async () => {
    await createUser(t.db, { email: 'regular@example.test' });
    for (let i = 0; i < 4; i++) await login('regular@example.test', 'wrong-password', '10.7.1.1');
    for (let i = 0; i < 3; i++) {
      expect((await login('regular@example.test', 'test-password', '10.7.1.1')).statusCode).toBe(200);
    }
    expect((await login('regular@example.test', 'wrong-password', '10.7.1.1')).statusCode).toBe(400);
    expect((await login('regular@example.test', 'wrong-password', '10.7.1.1')).statusCode).toBe(429);
  });

  it('caps the failures of one address across accounts, also in parallel', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`spray-${i}@example.test`, 'x', '10.7.2.1')),
    );
    expect(tally(responses.map((r) => r.statusCode))).toEqual({
      400: LOGIN_THROTTLE.perIp,
      429: 50 - LOGIN_THROTTLE.perIp,
    });
    expect(await evaluatedFailures({ ip: '10.7.2.1' })).toBe(LOGIN_THROTTLE.perIp);
    await createUser(t.db, { email: 'behind-the-same-nat@example.test' });
    expect((await login('behind-the-same-nat@example.test', 'test-password', '10.7.2.1')).statusCode).toBe(
      429,
    );
    expect((await login('behind-the-same-nat@example.test', 'test-password', '10.7.2.2')).statusCode).toBe(
      200,
    );
  });

  it('opens again once the window has passed', async () => {
    await createUser(t.db, { email: 'later@example.test' });
    for (let i = 0; i < 5; i++) await login('later@example.test', 'wrong-password', '10.7.3.1');
    expect((await login('later@example.test', 'test-password', '10.7.3.1')).statusCode).toBe(429);
    // Moving the clock: the window of this address's counters started before the limit.
    const past = sql`now() - make_interval(mins => ${LOGIN_THROTTLE.windowMinutes + 1})`;
    await t.db.execute(sql`update login_throttle set window_started_at = ${past} where address = '10.7.3.1'`);
    expect((await login('later@example.test', 'test-password', '10.7.3.1')).statusCode).toBe(200);
  });
});
