import { expect, loginAs, test } from '../support/fixtures.ts';
import { createUser, searchForUser } from './accounts-helpers.ts';

test('admin logs in as a patient, sees the patient dashboard and goes back', async ({ page }) => {
  // A journey over several pages and calls: more time when the machine is busy.
  test.slow();
  // A patient who has not accepted the agreement: an impersonating admin is not held by it.
  const patient = await createUser(page.request, 'patient');
  // Going back rotates the admin's token: a session of the test's own, not the shared one.
  await loginAs(page, 'admin', { ownSession: true });
  await page.goto('/dashboard');
  await searchForUser(page, patient.email);
  await page.getByRole('button', { name: `Actions for ${patient.email}` }).click();
  await page.getByRole('menuitem', { name: 'Login As' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login As' });
  await dialog.getByRole('button', { name: 'Login As' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation');
  await expect(nav.getByText('General Member', { exact: true })).toBeVisible();
  await expect(nav.getByText(`Member ID: ${patient.id}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back as Super Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users List' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Private Membership Agreement' })).toBeHidden();

  // The login e-mail is the patient's own: read-only for the admin acting as them.
  await page.goto('/profile');
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(patient.email);
  await expect(email).toHaveAttribute('readonly');
  await expect(page.getByText('its login e-mail can only be changed by its holder')).toBeVisible();
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Go back as Super Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
  await expect(nav.getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back as Super Admin' })).toBeHidden();
});
