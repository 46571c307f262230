import { expect, loginAs, test } from '../support/fixtures.ts';
import { rowWith, search } from './helpers.ts';

test.describe('HC staff', () => {
  test('switches into an associated harvest center and back', async ({ page }) => {
    // Going back rotates the staff member's token: a session of the test's own, not the shared one.
    await loginAs(page, 'staff', { ownSession: true });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Associated Harvest Centers' })).toBeVisible();
    await rowWith(page, 'Austin Harvest Center').getByRole('button', { name: 'Access to this HC' }).click();

    // Now acting as the harvest center: its dashboard, its plan, and the way back.
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole('navigation');
    await expect(nav.getByText('Harvest Center', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Patients', exact: true })).toBeVisible();
    await search(page, 'Search patients', 'patient@example.com');
    await expect(rowWith(page, 'patient@example.com')).toBeVisible();
    await page.getByRole('button', { name: 'Go back to your Account' }).click();

    await expect(page.getByRole('heading', { name: 'Associated Harvest Centers' })).toBeVisible();
    await expect(nav.getByText('HC Staff', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go back to your Account' })).toHaveCount(0);
  });

  test('a harvest center lists its staff', async ({ page }) => {
    await loginAs(page, 'hc');
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Staff' }).click();
    await expect(page).toHaveURL(/\/staff-view$/);
    await expect(page).toHaveTitle('Staff — Portal');
    await expect(rowWith(page, 'staff@example.com')).toBeVisible();
  });
});
