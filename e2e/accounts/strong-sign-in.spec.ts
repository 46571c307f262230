import path from 'node:path';
import type { Page } from '@playwright/test';
import { type ServerProcess, startServerProcess } from '../../server/test/helpers/server-process.ts';
import { axeProblemsAtBothWidths } from '../a11y/a11y-checks.ts';
import {
  test as base,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  loginAs,
  loginThroughForm,
} from '../support/fixtures.ts';
import { finishSignInInBrowser } from '../support/second-factor.ts';
import { firstCode } from '../support/totp.ts';

/*
 * Passkeys and authenticator codes in the browser (docs/decisions/031), on a portal of the file's own
 * served from http://localhost:<port>: a passkey's relying party is a host name (127.0.0.1, the
 * suite's address, is not a valid RP id). Chromium's virtual authenticator (CDP WebAuthn) stands in
 * for the device. Its demo accounts are the file's to change: the suite's shared ones stay as they are.
 */

type Worker = { portal: ServerProcess };

const test = base.extend<object, Worker>({
  portal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const portal = await startServerProcess(
        {
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          BUILD_VERSION: 'e2e-strong-sign-in',
          WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
        },
        { publicHost: 'localhost', readyWithinMs: 110_000 },
      );
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});

// One portal for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

/** A platform authenticator with user verification (a fingerprint reader), for this page only. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function logOut(page: Page) {
  // The page's own calls first: one still under way when the session ends would answer 401.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /user menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
}

const patient = { email: DEMO_ACCOUNTS.patient, password: DEMO_PASSWORD };

test('a passkey is registered under Sign-in Security, then signs in alone after signing out', async ({
  page,
}) => {
  test.slow();
  const authenticator = await addVirtualAuthenticator(page);
  await loginAs(page, patient, { ownSession: true });
  await page.goto('/security');
  await expect(page.getByRole('heading', { name: 'Sign-in Security', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Passkey name').fill('Test fingerprint');
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  // The first factor comes with ten recovery codes, shown once.
  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('cell', { name: 'Test fingerprint' }).first()).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);

  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();

  // With the password, the passkey is now the second step.
  await logOut(page);
  await loginThroughForm(page, patient.email, patient.password);
  await expect(page).toHaveURL(/\/sign-in\/verify$/);
  await expect(page.getByRole('heading', { name: 'Confirm it is you', level: 1 })).toBeVisible();
  expect(await axeProblemsAtBothWidths(page, 'second step')).toEqual([]);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
});

test('an admin sets up an authenticator app with a code computed by the test, and gives a code next time', async ({
  page,
}) => {
  test.slow();
  const admin = { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD };
  await loginThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByLabel('Current password').fill(admin.password);
  await dialog.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(await axeProblemsAtBothWidths(page, 'authenticator app set-up')).toEqual([]);
  const key = (await dialog.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent()) ?? '';
  await dialog
    .getByLabel('Enter the 6-digit code from your authenticator app')
    .fill(firstCode(admin.email, key));
  await dialog.getByRole('button', { name: 'Confirm the code' }).click();
  await page
    .getByRole('dialog', { name: 'Your recovery codes' })
    .getByRole('button', { name: 'I have saved them' })
    .click();
  await expect(page.getByText(/^Set up on /)).toBeVisible();

  await logOut(page);
  await loginThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/sign-in\/verify$/);
  await finishSignInInBrowser(page, admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
});
