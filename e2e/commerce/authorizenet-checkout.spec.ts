import path from 'node:path';
import { startFakeAuthorizeNet } from '../../server/test/helpers/fake-authorizenet.ts';
import { type ServerProcess, startServerProcess } from '../../server/test/helpers/server-process.ts';
import { CHECKOUT_TEXTS } from '../../shared/src/checkout.ts';
import { TEST_PAYMENTS_BANNER } from '../../shared/src/ui-constants.ts';
import { test as base, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, loginAs } from '../support/fixtures.ts';
import { payWithNewCard } from './card-form.ts';

/*
 * A portal of its own in Authorize.net mode (PAYMENT_GATEWAY=authorizenet, production environment),
 * with Accept.js and Authorize.net's API stood in for by a local server: the page loads Accept.js,
 * which posts the card to the stand-in and hands back a token; the portal charges the token. The
 * page's CSP names exactly the stand-in's origin, and the fixture fails the test on any violation.
 */

const KEYS = { apiLoginId: 'e2e-login', clientKey: 'e2e-public-client-key', transactionKey: 'e2e-txn-key' };
const CARD = '4111111111111111';

type Worker = {
  authorizeNet: Awaited<ReturnType<typeof startFakeAuthorizeNet>>;
  portal: ServerProcess;
};

const test = base.extend<object, Worker>({
  authorizeNet: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const fake = await startFakeAuthorizeNet(KEYS);
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  portal: [
    async ({ authorizeNet }, use) => {
      const portal = await startServerProcess({
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        BUILD_VERSION: 'e2e-authorizenet',
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
        PAYMENT_GATEWAY: 'authorizenet',
        AUTHORIZENET_ENVIRONMENT: 'production',
        AUTHORIZENET_API_LOGIN_ID: KEYS.apiLoginId,
        AUTHORIZENET_CLIENT_KEY: KEYS.clientKey,
        AUTHORIZENET_TRANSACTION_KEY: KEYS.transactionKey,
        AUTHORIZENET_API_URL: authorizeNet.apiUrl,
        AUTHORIZENET_ACCEPT_JS_URL: authorizeNet.acceptJsUrl,
      });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});

// One portal for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

function cspOf(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? '').split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

test('the CSP allows exactly the configured Accept.js origin, and real payments show no banner', async ({
  page,
  authorizeNet,
}) => {
  const response = await page.goto('/');
  const csp = cspOf(response?.headers()['content-security-policy']);
  expect(csp.get('script-src')).toBe(`'self' ${authorizeNet.origin}`);
  expect(csp.get('connect-src')).toBe(`'self' ${authorizeNet.origin}`);
  expect(csp.has('frame-src')).toBe(false);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('region', { name: TEST_PAYMENTS_BANNER.label })).toHaveCount(0);
});

test('an HC pays with a card tokenized by Accept.js: the portal sees only the token', async ({
  page,
  authorizeNet,
  portal,
}) => {
  const cardSentToPortal: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(portal.url) && request.postData()?.includes(CARD))
      cardSentToPortal.push(request.url());
  });
  await loginAs(page, { email: DEMO_ACCOUNTS.hc, password: DEMO_PASSWORD });
  await page.goto('/harvest-center/checkout/processing-fee');
  await expect(page.getByRole('heading', { name: 'Harvest Center Checkout', level: 1 })).toBeVisible();
  await payWithNewCard(page, CARD);
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  await expect(page.getByRole('dialog', { name: CHECKOUT_TEXTS.successTitle })).toBeVisible();

  // The browser sent the card to the stand-in with the public client key...
  expect(authorizeNet.tokenRequests).toHaveLength(1);
  const container = authorizeNet.tokenRequests[0].securePaymentContainerRequest;
  expect(container.merchantAuthentication).toEqual({ name: KEYS.apiLoginId, clientKey: KEYS.clientKey });
  expect(JSON.stringify(container.data)).toContain(CARD);
  // ...the portal's server charged the token, and the card number never reached the portal.
  const charges = authorizeNet.serverRequests.filter((body) => body.createTransactionRequest);
  expect(charges).toHaveLength(1);
  expect(JSON.stringify(charges[0])).toContain('COMMON.ACCEPT.INAPP.PAYMENT');
  expect(JSON.stringify(charges[0])).not.toContain(CARD);
  expect(cardSentToPortal).toEqual([]);
});
