import { axeProblemsAtBothWidths } from '../a11y/a11y-checks.ts';
import { expect, loginThroughForm, test } from '../support/fixtures.ts';
import { firstCode } from '../support/totp.ts';
import { createUser } from './accounts-helpers.ts';

/*
 * An account whose type must have a second factor (the default policy: admins, labs, harvest centers
 * and their staff; docs/decisions/031) and has none is led to set one up right after its password,
 * before any other screen. The suite's demo accounts are exempt, and the login page says so.
 */

test('the login page says the demo accounts sign in with the password alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(/demo accounts sign in with the demo password alone/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
});

test('a new harvest center sets up an authenticator app right after its password', async ({ page }) => {
  test.slow();
  const hc = await createUser(page.request, 'harvest-center');
  await loginThroughForm(page, hc.email, hc.password);
  await expect(page).toHaveURL(/\/sign-in\/set-up$/);
  await expect(page.getByRole('heading', { name: 'Set up a second factor', level: 1 })).toBeVisible();
  expect(await axeProblemsAtBothWidths(page, 'enrolment')).toEqual([]);

  // Nothing else opens meanwhile: the signed-in screens send it back to the login page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/\?redirect=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/sign-in\/set-up$/);

  await page.getByRole('tab', { name: 'Authenticator app' }).click();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent()) ?? '';
  const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Confirm the code' }).click();
  await expect(page.getByText(/not right/).first()).toBeVisible();
  await code.fill(firstCode(hc.email, key));
  await page.getByRole('button', { name: 'Confirm the code' }).click();

  await expect(page.getByRole('heading', { name: 'Your recovery codes', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  expect(await axeProblemsAtBothWidths(page, 'recovery codes')).toEqual([]);
  await page.getByRole('button', { name: 'I have saved them: continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A new center accepts its agreement next: it is signed in.
  await expect(page.getByRole('heading', { name: 'Private Membership Agreement' })).toBeVisible();
});
