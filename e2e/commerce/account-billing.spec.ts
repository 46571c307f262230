import type { APIRequestContext } from '@playwright/test';
import { PAYMENT_TEXTS, SANDBOX_TEST_CARDS } from '../../shared/src/cards.ts';
import { LOCATION_MESSAGES } from '../../shared/src/locations.ts';
import { patchAs } from '../patients/helpers.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';

/** A harvest center of the test's own (its cards and locations are nobody else's) that accepted the agreement. */
async function newHarvestCenter(request: APIRequestContext) {
  const admin = await apiAs(request, 'admin');
  const account = { email: `${unique('billing-hc')}@example.com`, password: 'billing-password-1' };
  const created = await admin.post<{ id: number }>('/api/v1/users/', {
    subscription: 4,
    first_name: 'Bill',
    last_name: 'Ing',
    company: unique('Billing Clinic'),
    ...account,
  });
  const hc = await apiAs(request, account);
  await patchAs(request, hc, `/api/v1/users/${created.id}/`, { check_agreement: true });
  return account;
}

test('a harvest center saves two cards, makes the second its default and removes the first', async ({
  page,
  request,
}) => {
  const account = await newHarvestCenter(request);
  await loginAs(page, account);
  await page.goto('/hc-payments');
  await expect(page.getByText('No payments yet.')).toBeVisible();
  for (const number of [SANDBOX_TEST_CARDS.visa, SANDBOX_TEST_CARDS.mastercard]) {
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await page.getByLabel('Full name').fill('Bill Ing');
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration date').click();
    await page.getByRole('button', { name: 'Dec', exact: true }).click();
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText(PAYMENT_TEXTS.cardSaved).first()).toBeVisible();
  }
  await expect(page.locator('[aria-label="Visa ending in 1111"]')).toContainText('Default');
  await page
    .locator('[aria-label="MasterCard ending in 4444"]')
    .getByRole('button', { name: 'Make default' })
    .click();
  await expect(page.locator('[aria-label="MasterCard ending in 4444"]')).toContainText('Default');
  await page.locator('[aria-label="Visa ending in 1111"]').getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove payment method' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.locator('[aria-label="Visa ending in 1111"]')).toHaveCount(0);
});

test('locations: the first is the default, the default and the last cannot be removed', async ({
  page,
  request,
}) => {
  const account = await newHarvestCenter(request);
  await loginAs(page, account);
  await page.goto('/hc-locations');
  await expect(page.getByText(LOCATION_MESSAGES.empty)).toBeVisible();
  for (const name of ['Clinic', 'Warehouse']) {
    await page.getByRole('button', { name: 'Add Location' }).click();
    await page.getByLabel('Location name').fill(name);
    await page.getByLabel('Address line 1').fill(`1 ${name} Road`);
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').fill('TX');
    await page.getByLabel('Country').fill('United States');
    await page.getByRole('button', { name: 'Save location' }).click();
    await expect(page.locator(`[aria-label="${name}"]`)).toBeVisible();
  }
  await expect(page.locator('[aria-label="Clinic"]')).toContainText('Default');
  await page.locator('[aria-label="Clinic"]').getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove location' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toContainText(LOCATION_MESSAGES.isDefault);
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await page.locator('[aria-label="Warehouse"]').getByRole('button', { name: 'Make default' }).click();
  await expect(page.locator('[aria-label="Warehouse"]')).toContainText('Default');
  await page.locator('[aria-label="Clinic"]').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove location' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.locator('[aria-label="Clinic"]')).toHaveCount(0);
  await page.locator('[aria-label="Warehouse"]').getByRole('button', { name: 'Remove' }).click();
  const last = page.getByRole('dialog', { name: 'Remove location' });
  await last.getByRole('button', { name: 'Remove' }).click();
  await expect(last).toContainText(LOCATION_MESSAGES.lastOne);
});
