import { expect, loginAs, test } from '../support/fixtures.ts';

test('admin sees Inactive Users and the account pages in the menu', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Inactive Users' })).toBeVisible();
  await nav.getByText('Account', { exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Change Password' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contact Details' })).toBeVisible();
});

test('a patient sees the account pages but not the admin ones', async ({ page }) => {
  await loginAs(page, 'patient');
  await page.goto('/password');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Change Password' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contact Details' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inactive Users' })).toHaveCount(0);
  await page.goto('/inactive-users');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('This action is unauthorized')).toBeVisible();
});

test('a lab account finds its lab view in the menu', async ({ page }) => {
  await loginAs(page, 'lab');
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Lab', exact: true })
    .click();
  await expect(page).toHaveURL(/\/lab$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lab' })).toBeVisible();
});
