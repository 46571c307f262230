import type { Page } from '@playwright/test';
import { search } from '../patients/helpers.ts';
import { expect, loginAs, test } from '../support/fixtures.ts';
import { adminToken, auth, type CreatedUser, createStaff, createUser } from './accounts-helpers.ts';

const companyOf = (center: CreatedUser) => `${center.last_name} Clinic`;

/**
 * The rows of the HC Staff Manager's staff table (the page also lists pending join requests, which
 * tests running beside this one may add).
 */
function staffRows(page: Page) {
  return page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Harvest Centers', exact: true }) })
    .locator('tbody tr');
}

test('admin gives a staff member two harvest centers, and the staff member sees both', async ({
  page,
  request,
}) => {
  const [first, second] = [
    await createUser(request, 'harvest-center'),
    await createUser(request, 'harvest-center'),
  ];
  const staff = await createStaff(request);

  await loginAs(page, 'admin');
  await page.goto('/hc-staff-manager');
  await expect(page.getByRole('heading', { name: 'HC Staff Manager' })).toBeVisible();
  await search(page, 'Search staff', staff.last_name);
  const row = staffRows(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(staff.email);
  await row.getByRole('button', { name: `Edit the harvest centers of E2e ${staff.last_name}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Edit Harvest Centers' });
  const picker = dialog.getByRole('combobox', { name: 'Harvest Centers' });
  for (const center of [first, second]) {
    await picker.fill(center.last_name);
    await page.getByRole('option', { name: companyOf(center) }).click();
  }
  // Leaving the field closes its list, as a person tabbing on to Save does.
  await picker.press('Tab');
  await expect(page.getByRole('listbox', { name: 'Harvest Centers' })).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Harvest Center have been updated!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(companyOf(first));
  await expect(row).toContainText(companyOf(second));

  const staffPage = await page.context().browser()!.newPage();
  await loginAs(staffPage, { email: staff.email, password: staff.password });
  await staffPage.goto('/dashboard');
  const centers = staffPage.getByRole('heading', { name: 'Associated Harvest Centers' }).locator('..');
  await expect(centers.getByText(companyOf(first))).toBeVisible();
  await expect(centers.getByText(companyOf(second))).toBeVisible();
  await staffPage.close();
});

test('a harvest center removes a staff member from its staff list', async ({ page, request }) => {
  const center = await createUser(request, 'harvest-center', { acceptAgreement: true });
  const staff = await createStaff(request);
  const assigned = await request.patch(`/api/v1/hc-staff/${staff.id}/`, {
    headers: auth(await adminToken(request)),
    data: { staff_hc_ids: String(center.id) },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);

  await loginAs(page, { email: center.email, password: center.password });
  await page.goto('/staff-view');
  const row = page.locator('tbody tr', { hasText: staff.email });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Remove E2e ${staff.last_name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove staff member' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
});

test('the centers picker opens only when asked and never offers a chosen center to be lost (issue 42)', async ({
  page,
  request,
}) => {
  const center = await createUser(request, 'harvest-center');
  const staff = await createStaff(request);
  const assigned = await request.patch(`/api/v1/hc-staff/${staff.id}/`, {
    headers: auth(await adminToken(request)),
    data: { staff_hc_ids: String(center.id) },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);

  await loginAs(page, 'admin');
  await page.goto('/hc-staff-manager');
  await search(page, 'Search staff', staff.last_name);
  const row = staffRows(page);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Edit the harvest centers of E2e ${staff.last_name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Harvest Centers' });
  await expect(dialog.getByText(companyOf(center))).toBeVisible();
  // Opening the dialog leaves the list shut: it does not cover Save.
  const list = page.getByRole('listbox', { name: 'Harvest Centers' });
  await expect(list).toBeHidden();

  // Searching the chosen center finds nothing to click (it is chosen already), so no click drops it.
  const picker = dialog.getByRole('combobox', { name: 'Harvest Centers' });
  await picker.fill(center.last_name);
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByRole('option', { name: companyOf(center) })).toHaveCount(0);
  await picker.press('Tab');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Harvest Center have been updated!')).toBeVisible();
  await expect(row).toContainText(companyOf(center));
});
