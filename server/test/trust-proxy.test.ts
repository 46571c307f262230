import { SIGN_UP_THROTTLED_MESSAGE } from '@portal/shared/sign-up';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/platform.ts';
import { LOGIN_THROTTLE, THROTTLED_MESSAGE } from '../src/modules/accounts/login-throttle.ts';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Finding 7: behind a proxy, the client's address is the one the nearest trusted proxy saw (the
 * right-most entries of X-Forwarded-For it vouches for), never the left-most entry, which the
 * client writes itself. The throttles, the rate limits and the audit all read request.ip. The other
 * forms of TRUST_PROXY are checked on a bare Fastify (server/src/http/trust-proxy.test.ts).
 */

/** Our proxy (Caddy) as the portal sees it, and the client as the proxy saw it. */
const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

/** A forged left-most entry per request, as an attacker rotating addresses sends it through the proxy. */
const forgedVia = (i: number, client = CLIENT) => ({ 'x-forwarded-for': `198.51.100.${i % 250}, ${client}` });

const whoAmI: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/probe/ip/', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
};

async function ipSeenBy(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const res = await t.app.inject({ url: '/api/v1/probe/ip/', remoteAddress, headers });
  return res.json().ip;
}

describe('TRUST_PROXY=1: one proxy in front (finding 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1', SIGNUP_RATE_LIMIT: '10' }, plugins: [whoAmI] });
  });
  afterAll(() => t.close());

  const login = (email: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login/',
      payload: { email, password: 'wrong-password' },
      remoteAddress: PROXY,
      headers: forgedVia(i),
    });

  it('throttles 40 wrong passwords whose forged left-most addresses rotate, and audits the real one', async () => {
    await createUser(t.db, { email: 'proxied@example.test' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await login('proxied@example.test', i)).statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_THROTTLE.perAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_THROTTLE.perAccount);
    expect((await login('proxied@example.test', 99)).json().message).toBe(THROTTLED_MESSAGE);

    const failures = await t.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login.failed'), eq(auditLog.email, 'proxied@example.test')));
    expect(failures.map((row) => row.ip)).toEqual(Array(LOGIN_THROTTLE.perAccount).fill(CLIENT));
  });

  it('refuses the 11th sign-up of an hour from one client, whatever it forges', async () => {
    const signUp = (i: number, client = CLIENT) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/harvest-centers/',
        remoteAddress: PROXY,
        headers: forgedVia(i, client),
        payload: {
          first_name: 'Proxied',
          last_name: `Rep ${i}`,
          email: `proxied-rep-${i}-${client}@signup.test`,
          password: 'a-strong-password',
          subscription: 3,
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await signUp(i)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(4).fill(429)]);
    expect((await signUp(20)).json().message).toBe(SIGN_UP_THROTTLED_MESSAGE);
    // Another client behind the same proxy has its own count.
    expect((await signUp(21, '203.0.113.8')).statusCode).toBe(201);
  });

  it('takes the address the proxy saw; without a forwarded header, the socket', async () => {
    expect(await ipSeenBy(t, PROXY, `198.51.100.1, ${CLIENT}`)).toBe(CLIENT);
    expect(await ipSeenBy(t, PROXY, CLIENT)).toBe(CLIENT);
    expect(await ipSeenBy(t, PROXY)).toBe(PROXY);
  });
});
