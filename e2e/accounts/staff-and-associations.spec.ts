import type { APIRequestContext } from '@playwright/test';
import { search } from '../patients/helpers.ts';
import { expect, loginAs, test, unique } from '../support/fixtures.ts';
import {
  acceptAgreement,
  adminToken,
  auth,
  type CreatedUser,
  createUser,
  TEST_PASSWORD,
} from './accounts-helpers.ts';

/** A new HC staff member with no center yet (admin POST /api/v1/users/, subscription 9), agreement accepted. */
async function createStaff(request: APIRequestContext): Promise<CreatedUser> {
  const last = unique('Staff');
  const body = {
    subscription: 9,
    email: `${last.toLowerCase()}@e2e.example.com`,
    first_name: 'E2e',
    last_name: last,
    company: `${last} Staffing`,
    password: TEST_PASSWORD,
  };
  const res = await request.post('/api/v1/users/', { headers: auth(await adminToken(request)), data: body });
  expect(res.status(), await res.text()).toBe(201);
  const staff = {
    id: (await res.json()).id,
    email: body.email,
    password: TEST_PASSWORD,
    first_name: 'E2e',
    last_name: last,
  };
  await acceptAgreement(request, staff);
  return staff;
}

const companyOf = (center: CreatedUser) => `${center.last_name} Clinic`;

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
  const row = page.locator('tbody tr');
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
