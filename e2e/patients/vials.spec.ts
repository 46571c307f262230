import { apiAs, expect, loginAs, test } from '../support/fixtures.ts';
import { createPatientAccount, patchAs, rowWith, search } from './helpers.ts';

test.describe('vials', () => {
  test('an admin adds and ships vials and the patient sees its badges change', async ({
    page,
    browser,
    request,
  }) => {
    // Many steps through two accounts: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    // The test's own patient, with a password so it can sign in afterwards.
    const admin = await apiAs(request, 'admin');
    const hc = await apiAs(request, 'hc');
    const patient = await createPatientAccount(request, admin, { first_name: 'Vera', last_name: 'Vials' });
    await patchAs(request, admin, `/api/v1/patients/${patient.id}/`, { harvest_center_temporal: hc.user.id });

    await loginAs(page, 'admin');
    await page.goto('/patients');
    await search(page, 'Search patients', patient.email);
    await rowWith(page, patient.email)
      .getByRole('button', { name: /View patient/ })
      .click();
    const form = page.getByRole('dialog', { name: 'Patient Data' });
    await expect(form.getByText('Available: 0')).toBeVisible();

    // Added: available rises by the quantity.
    await form.getByRole('button', { name: 'Add vials record' }).click();
    const record = page.getByRole('dialog', { name: 'Add vials record' });
    await record.getByLabel('Quantity').fill('6');
    await record.getByLabel('Note').fill('First batch');
    await record.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Vials record has been added!')).toBeVisible();
    await expect(form.getByText('Available: 6')).toBeVisible();
    await expect(form.getByText('Shipped: 0')).toBeVisible();

    // Shipped: needs a tracking id; moves the quantity from available to shipped.
    await form.getByRole('button', { name: 'Add vials record' }).click();
    await record.getByRole('radio', { name: 'Shipped' }).check();
    await record.getByLabel('Quantity').fill('2');
    await record.getByRole('button', { name: 'Save' }).click();
    await expect(record.getByText('A tracking id is required for shipped vials')).toBeVisible();
    await record.getByLabel('Tracking ID').fill('TRACK-123');
    await record.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Available: 4')).toBeVisible();
    await expect(form.getByText('Shipped: 2')).toBeVisible();

    // Editing a record adjusts the totals by the difference.
    await rowWith(form, 'First batch').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit vials record' });
    await edit.getByLabel('Quantity').fill('8');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Record has been updated!')).toBeVisible();
    await expect(form.getByText('Available: 6')).toBeVisible();

    // The patient's own dashboard.
    const patientContext = await browser.newContext();
    const patientPage = await patientContext.newPage();
    await loginAs(patientPage, { email: patient.email, password: patient.password });
    await patientPage.goto('/dashboard');
    await expect(patientPage.getByText('Available: 6')).toBeVisible();
    await expect(patientPage.getByText('Shipped: 2')).toBeVisible();
    await expect(rowWith(patientPage, 'TRACK-123')).toBeVisible();
    // A patient never edits its vials.
    await expect(patientPage.getByRole('button', { name: 'Add vials record' })).toHaveCount(0);
    await expect(patientPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await patientContext.close();
  });

  test('the patient dashboard shows documents and the vial checkout card', async ({ page }) => {
    await loginAs(page, 'patient');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Vials History' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    // The demo patient's agreements are signed (the seed signs them through the signing service).
    await expect(page.getByRole('link', { name: /^see document/ })).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Checkout Vials' })).toBeVisible();
    // With a sales rep, ordering leads to the vials checkout.
    await expect(page.getByRole('link', { name: 'Order Your Vials' })).toHaveAttribute(
      'href',
      '/checkout/patient-vials',
    );
  });

  test('a patient without a sales rep sees the ordering area disabled with the message', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, 'admin');
    const patient = await createPatientAccount(request, admin, { first_name: 'Nick', last_name: 'Norep' });
    await admin.post(`/api/v1/users/update/${patient.id}/`, { tags: [1] });

    await loginAs(page, { email: patient.email, password: patient.password });
    await page.goto('/dashboard');
    await expect(
      page.getByText("Your account doesn't have a sales rep associated. Please contact your admin for help."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order Your Vials' })).toBeDisabled();
  });
});
