import fs from 'node:fs';
import { AUDIT_TEXTS } from '../../shared/src/audit.ts';
import { apiAs, expect, loginAs, test } from '../support/fixtures.ts';

test("an admin opens a patient's record, filters the audit log by that patient, exports it and verifies the chain", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const patient = await apiAs(request, 'patient');
  const patientId = patient.user.id;
  // The admin reads the record (the patient form's call): a row of the trail.
  await admin.get(`/api/v1/patients/${patientId}/`);

  await loginAs(page, 'admin');
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: AUDIT_TEXTS.title, level: 1 })).toBeVisible();
  await page.getByLabel('Patient ID').fill(String(patientId));
  await page.getByLabel('Action').fill('patient.viewed');
  // Other tests read this demo patient too (its dashboard, its timeline): the admin's own reads.
  await page.getByLabel('Actor ID').fill(String(admin.user.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Patient record viewed');
  await expect(firstRow).toContainText(`#${admin.user.id}`);
  await expect(firstRow).toContainText(`#${patientId}`);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv).toContain('Acting as');
  expect(csv).toContain('patient.viewed');
  expect(csv.split('\r\n').filter((line) => line.includes('patient.viewed')).length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByRole('status').filter({ hasText: AUDIT_TEXTS.chainOk })).toBeVisible();
});

test('the audit log says in words what was done and to what: no codes, no API paths', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const staff = await apiAs(request, 'staff');
  const hc = await apiAs(request, 'hc');
  // The admin's Users List shows patients (a listing row); the staff member opens "Access to this HC".
  await admin.get('/api/admin/users/?search=patient%40example.com');
  await staff.post('/api/v1/hc-staff/access/', { harvest_center_id: hc.user.id });

  await loginAs(page, 'admin');
  await page.goto('/audit-log');
  const firstRow = page.getByRole('row').nth(1);
  const objectCell = firstRow.getByRole('cell').nth(5);

  await page.getByLabel('Action').fill('patient.listed');
  await page.getByLabel('Actor ID').fill(String(admin.user.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(firstRow).toContainText('Patient list viewed');
  await expect(firstRow).not.toContainText('patient.listed');
  await expect(objectCell).toHaveText('Users List');

  await page.getByLabel('Action').fill('staff_access.');
  await page.getByLabel('Actor ID').fill(String(staff.user.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(firstRow).toContainText('Access to this HC opened');
  await expect(firstRow).not.toContainText('staff_access');
  await expect(objectCell).not.toContainText('/api/');
});

test('a patient sees who opened the record', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const patient = await apiAs(request, 'patient');
  await admin.get(`/api/v1/patients/${patient.user.id}/`);

  await loginAs(page, 'patient');
  await page.goto('/my-record-access');
  await expect(page.getByRole('heading', { name: AUDIT_TEXTS.accessLogTitle, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Your record' }).filter({ hasText: 'Admin' }).first(),
  ).toBeVisible();
});
