import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The passkey sign-in without an e-mail is public: what a stranger may send it is bounded in size,
 * and how often: the options by their route's limit per address, the assertions by the sign-in
 * throttle per address (as failed passwords are).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const b64url = (text: string) => Buffer.from(text).toString('base64url');

/** A well-formed assertion for a challenge the portal never gave: refused on its merits, not its shape. */
const strangerAssertion = (id = b64url('no-such-credential')) => ({
  response: {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(
        JSON.stringify({ type: 'webauthn.get', challenge: b64url('made-up'), origin: 'http://portal.test' }),
      ),
      authenticatorData: b64url('x'.repeat(37)),
      signature: b64url('not-a-signature'),
    },
    clientExtensionResults: {},
  },
});

describe('passkey sign-in, public', () => {
  it('refuses a credential id longer than any authenticator makes, before anything looks it up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey/',
      payload: strangerAssertion('A'.repeat(1367)),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body over the API limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ response: { pad: 'x'.repeat(1024 * 1024 + 1) } }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers a made-up assertion without saying whose credential it might be, and 30 a minute at most', async () => {
    const statuses: number[] = [];
    const messages = new Set<string>();
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login/passkey/',
        payload: strangerAssertion(),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 400) messages.add(res.json().message);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(messages.size).toBe(1);
    expect([...messages][0]).not.toMatch(/@|user|account/i);
    // The options keep their own count: failed assertions do not close them.
    const options = await t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options/' });
    expect(options.statusCode).toBe(200);
    // Options name no account: a discoverable credential is asked for, with no list of ids.
    expect(options.json().options.allowCredentials ?? []).toEqual([]);
  });

  it('limits the options to 30 a minute per address', async () => {
    const statuses: number[] = [];
    // One was already asked for above, in the same minute.
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options/' })).statusCode,
      );
    }
    expect(statuses.slice(0, 29).every((status) => status === 200)).toBe(true);
    expect(statuses[29]).toBe(429);
  });
});
