import { expect, loginAs, loginThroughForm, test } from '../support/fixtures.ts';
import { finishSignInInBrowser } from '../support/second-factor.ts';
import { auth, createUser, tokenFor } from './accounts-helpers.ts';

test('a new harvest center accepts the agreement before reaching its dashboard', async ({ page }) => {
  // A journey over several pages and calls: more time when the machine is busy.
  test.slow();
  const hc = await createUser(page.request, 'harvest-center');

  // The server holds everything else back until then.
  const token = await tokenFor(page.request, hc.email, hc.password);
  const refused = await page.request.get(`/api/v1/user-tags/`, { headers: auth(token) });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('agreement_required');

  await loginThroughForm(page, hc.email, hc.password);
  // Its second factor first (decision 031): set up when its token was made above.
  await finishSignInInBrowser(page, hc.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const gate = page.getByRole('heading', { name: 'Private Membership Agreement' });
  await expect(gate).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeHidden();
  const proceed = page.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();

  // Any other page shows the gate too.
  const nav = page.getByRole('navigation');
  await nav.getByText('Account', { exact: true }).click();
  await nav.getByRole('link', { name: 'Contact Details' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(gate).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact Details' })).toBeHidden();

  await page.getByLabel('I have read and accept the Private Membership Agreement').check();
  await expect(proceed).toBeEnabled();
  await proceed.click();
  await expect(gate).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Contact Details' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, E2e' })).toBeVisible();
  await expect(gate).toBeHidden();
  const status = await page.request.get(`/api/v1/utilities/check-agreement/${hc.id}/`, {
    headers: auth(token),
  });
  expect(await status.json()).toEqual({ agreement: true });
});

test('a call refused for the agreement brings the gate, even after an out-of-date session answer', async ({
  page,
}) => {
  const hc = await createUser(page.request, 'harvest-center');
  // Session answers claim the agreement was accepted (as a copy from before a reset would) until a
  // call has been refused for it.
  let refused = false;
  page.on('response', (response) => {
    if (response.url().endsWith(`/api/v1/users/${hc.id}/`) && response.status() === 403) refused = true;
  });
  await page.route('**/api/v1/session/', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    if (!refused) json.user.agreement_accepted = true;
    await route.fulfill({ response, json });
  });
  await loginAs(page, hc);
  await page.goto('/profile');
  // The profile call is refused with 'agreement_required': the session is asked again, and the gate shows.
  await expect(page.getByRole('heading', { name: 'Private Membership Agreement' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});

test('admins are never asked to accept the agreement', async ({ page }) => {
  await loginThroughForm(page, 'admin@example.com', 'demo-password');
  await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Private Membership Agreement' })).toBeHidden();
});
