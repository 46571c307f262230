import { COMMON_PASSWORD_MESSAGE } from '@portal/shared/auth';
import { SIGN_UP_THROTTLED_MESSAGE } from '@portal/shared/sign-up';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Issue 42: the public sign-up's limit per address counts the accounts made, not the attempts; the
 * HC form checks its password before the attestation is signed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SIGNUP_RATE_LIMIT: '2' } });
});
afterAll(() => t.close());

let sequence = 0;
function salesRep(extra: object = {}) {
  const n = ++sequence;
  return {
    first_name: 'New',
    last_name: `Rep ${n}`,
    email: `limit-rep-${n}@signup.test`,
    password: 'a-strong-password',
    subscription: 3,
    ...extra,
  };
}
const signUp = (payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/harvest-centers/', payload, remoteAddress });

describe('the sign-ups of an address', () => {
  it('a refused attempt does not use up the sign-ups of its address; made accounts do', async () => {
    const office = '10.42.0.1';
    for (let i = 0; i < 4; i++) {
      const refused = await signUp(salesRep({ password: 'password1' }), office);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors.password).toBe(COMMON_PASSWORD_MESSAGE);
    }
    expect((await signUp(salesRep(), office)).statusCode).toBe(201);
    expect((await signUp(salesRep(), office)).statusCode).toBe(201);
    const third = await signUp(salesRep(), office);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(SIGN_UP_THROTTLED_MESSAGE);
    // Another address keeps its own.
    expect((await signUp(salesRep(), '10.42.0.2')).statusCode).toBe(201);
  });
});

describe('the password check of the HC form', () => {
  const check = (password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/sign-up/check-password/', payload: { password } });

  it('refuses a common password on its field and takes another', async () => {
    const common = await check('password1');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toBe(COMMON_PASSWORD_MESSAGE);
    const short = await check('short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toBeDefined();
    expect((await check('a-strong-password')).statusCode).toBe(200);
  });

  it('is public but bounded: a long password is refused unread, and an address checks 60 an hour', async () => {
    expect((await check('x'.repeat(100_000))).statusCode).toBe(400);
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-up/check-password/',
        payload: { password: 'a-strong-password' },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await from('10.43.0.1')).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    expect((await from('10.43.0.2')).statusCode).toBe(200);
  });
});
