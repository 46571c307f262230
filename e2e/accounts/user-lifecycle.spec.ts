import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { adminToken, auth, createUser, searchForUser, userStatus } from './accounts-helpers.ts';

test.describe('active and inactive users', () => {
  test('admin deactivates a user, finds it under Inactive Users and activates it again', async ({ page }) => {
    // A journey over several pages and calls: more time when the machine is busy.
    test.slow();
    const patient = await createUser(page.request, 'patient');
    await loginAs(page, 'admin');
    await page.goto('/dashboard');

    await searchForUser(page, patient.email);
    await page.getByRole('button', { name: `Actions for ${patient.email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText("Empty table. There's nothing to show")).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Inactive Users' }).click();
    await expect(page).toHaveURL(/\/inactive-users$/);
    await expect(page).toHaveTitle('Inactive Users — Portal');
    await expect(page.getByRole('heading', { name: 'Inactive Users' })).toBeVisible();
    await searchForUser(page, patient.email);
    await page.getByRole('button', { name: `Activate ${patient.email}` }).click();
    await page.getByRole('dialog', { name: 'Activate' }).getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText("Empty table. There's nothing to show")).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    // Until the dashboard replaces it, the Search field on screen is the inactive list's.
    await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
    const row = await searchForUser(page, patient.email);
    await expect(row).toContainText('Active');
  });

  test('admin deletes an inactive user permanently', async ({ page }) => {
    const patient = await createUser(page.request, 'patient');
    const res = await page.request.get(`/api/v1/users/set/inactive/${patient.id}/`, {
      headers: auth(await adminToken(page.request)),
    });
    expect(res.ok()).toBe(true);

    await loginAs(page, 'admin');
    await page.goto('/inactive-users');
    await searchForUser(page, patient.email);
    await page.getByRole('button', { name: `Delete permanently ${patient.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete permanently' });
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Empty table. There's nothing to show")).toBeVisible();
    expect(await userStatus(page.request, patient.id)).toBe(404);
  });

  test('Remove Account deletes an active user for good', async ({ page }) => {
    const patient = await createUser(page.request, 'patient');
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await searchForUser(page, patient.email);
    await page.getByRole('button', { name: `Actions for ${patient.email}` }).click();
    await page.getByRole('menuitem', { name: 'Remove Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Account' });
    await dialog.getByRole('button', { name: 'Remove Account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Empty table. There's nothing to show")).toBeVisible();
    expect(await userStatus(page.request, patient.id)).toBe(404);
  });

  test('Remove Account says first what blocks it and changes nothing', async ({ page }) => {
    // A harvest center with a patient cannot be deleted (docs/decisions/003).
    const hc = await createUser(page.request, 'harvest-center');
    const admin = await apiAs(page.request, 'admin');
    await admin.post('/api/v1/patients/', {
      first_name: 'Blocking',
      last_name: unique('Patient'),
      email: `${unique('blocking').toLowerCase()}@e2e.example.com`,
      harvest_center_temporal: hc.id,
    });
    let changes = 0;
    page.on('request', (request) => {
      if (/\/users\/(set\/|delete-inactive\/)/.test(request.url())) changes += 1;
    });
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await searchForUser(page, hc.email);
    await page.getByRole('button', { name: `Actions for ${hc.email}` }).click();
    await page.getByRole('menuitem', { name: 'Remove Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Account' });
    await expect(dialog).toContainText('cannot be removed permanently');
    await expect(dialog).toContainText('still has 1 patient');
    await expect(dialog).toContainText('Nothing has been changed');
    await expect(dialog.getByRole('button', { name: 'Remove Account' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(changes).toBe(0);
    const row = await searchForUser(page, hc.email);
    await expect(row).toContainText('Active');
  });

  test('admin changes a user password; an empty one sends nothing', async ({ page }) => {
    const patient = await createUser(page.request, 'patient');
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await searchForUser(page, patient.email);
    await page.getByRole('button', { name: `Actions for ${patient.email}` }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });

    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/users/change-password/')) calls += 1;
    });
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog).toBeVisible();
    expect(calls).toBe(0);

    await dialog.getByLabel('New Password').fill('brand-new-pass');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog).toBeHidden();
    expect(calls).toBe(1);
    const login = await page.request.post('/api/admin/login/', {
      data: { email: patient.email, password: 'brand-new-pass' },
    });
    expect(login.ok()).toBe(true);
  });
});
