import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Finding 4: the web app shows a "Test payments" banner whenever no money moves (GET
 * /api/payment-mode/, public: the guest pages show it too), and in Authorize.net mode the page's
 * CSP allows exactly Accept.js's hosts: the script's, and the one it posts the card to.
 */

const AUTHORIZE_NET = {
  PAYMENT_GATEWAY: 'authorizenet',
  AUTHORIZENET_API_LOGIN_ID: 'login-id',
  AUTHORIZENET_TRANSACTION_KEY: 'transaction-key',
  AUTHORIZENET_CLIENT_KEY: 'client-key',
};

let webDir: string;
beforeAll(() => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><body></body></html>');
});
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

/** An app in the given payment mode, for one check. */
async function withApp<T>(env: Record<string, string>, check: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await buildTestApp({ env, webDistDir: webDir });
  try {
    return await check(t);
  } finally {
    await t.close();
  }
}

async function paymentModeOf(env: Record<string, string>) {
  return withApp(env, async (t) => {
    const res = await t.app.inject({ url: '/api/payment-mode/' });
    expect(res.statusCode).toBe(200);
    return res.json();
  });
}

/** The page's CSP, directive by directive. */
async function cspOf(env: Record<string, string>): Promise<Map<string, string>> {
  return withApp(env, async (t) => {
    const policy = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    return new Map(
      policy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
  });
}

describe('GET /api/payment-mode/', () => {
  it("says test payments for the sandbox gateway and for Authorize.net's sandbox, to anyone", async () => {
    expect(await paymentModeOf({})).toEqual({ test_payments: true });
    expect(await paymentModeOf({ ...AUTHORIZE_NET, AUTHORIZENET_ENVIRONMENT: 'sandbox' })).toEqual({
      test_payments: true,
    });
  });

  it('says real payments for Authorize.net in production', async () => {
    expect(await paymentModeOf({ ...AUTHORIZE_NET, AUTHORIZENET_ENVIRONMENT: 'production' })).toEqual({
      test_payments: false,
    });
  });
});

describe("the page's CSP in each payment mode", () => {
  it('the sandbox gateway: nothing outside our origin', async () => {
    const csp = await cspOf({});
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.has('frame-src')).toBe(false);
  });

  it("Authorize.net production: js.authorize.net's script, which posts cards to api2.authorize.net", async () => {
    const csp = await cspOf({
      ...AUTHORIZE_NET,
      AUTHORIZENET_ENVIRONMENT: 'production',
      // The server's own API calls go elsewhere: the browser never needs them.
      AUTHORIZENET_API_URL: 'http://127.0.0.1:9/xml/v1/request.api',
    });
    expect(csp.get('script-src')).toBe("'self' https://js.authorize.net");
    expect(csp.get('connect-src')).toBe("'self' https://js.authorize.net https://api2.authorize.net");
    expect(csp.has('frame-src')).toBe(false);
  });

  it("Authorize.net sandbox: jstest.authorize.net's script, posting to apitest.authorize.net", async () => {
    const csp = await cspOf({ ...AUTHORIZE_NET, AUTHORIZENET_ENVIRONMENT: 'sandbox' });
    expect(csp.get('script-src')).toBe("'self' https://jstest.authorize.net");
    expect(csp.get('connect-src')).toBe("'self' https://jstest.authorize.net https://apitest.authorize.net");
  });
});
