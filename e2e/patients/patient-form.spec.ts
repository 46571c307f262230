import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { addDays, dayOfThisMonth, pickDate, rowWith, search } from './helpers.ts';

test.describe('patient form', () => {
  test('a harvest center adds a patient and records when the tissue left', async ({ page }) => {
    const email = `${unique('hc-added')}@example.com`;
    await loginAs(page, 'hc');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Add Patient' }).click();

    const add = page.getByRole('dialog', { name: 'Add Patient' });
    await add.getByLabel('First Name').fill('Nora');
    await add.getByLabel('Last Name').fill('Newpatient');
    await add.getByLabel('Email').fill(email);
    // The patient joins this harvest center and inherits its sales rep.
    await expect(add.getByLabel('Harvest Center', { exact: true })).toHaveValue('Austin Harvest Center');
    await expect(add.getByLabel('Sales Rep')).toHaveValue('Rita Rep');
    // Lab-only fields are locked for a harvest center.
    await expect(add.getByLabel('Date Adipose Received by Lab')).toBeDisabled();
    const shipped = dayOfThisMonth(3);
    await pickDate(page, add.getByLabel('Date Adipose Shipped to Lab'), shipped);
    await expect(add.getByLabel('Date Adipose Shipped to Lab')).toHaveText(shipped.shown);
    await add.getByRole('button', { name: 'Add Patient' }).click();
    await expect(page.getByText('Patient has been created!', { exact: false })).toBeVisible();
    await expect(add).toBeHidden();

    await search(page, 'Search patients', email);
    const row = rowWith(page, email);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /View patient/ }).click();
    const form = page.getByRole('dialog', { name: 'Patient Data' });
    await expect(form.getByLabel('Date Adipose Shipped to Lab')).toHaveText(shipped.shown);
    // The e-mail is the patient's login: set when adding, then changed only by the patient or an admin.
    await expect(form.getByLabel('Email')).toBeDisabled();
    await form.getByLabel('Phone Number').fill('5125550199');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Patient has been updated!')).toBeVisible();
  });

  test('the lab sets the received date and the estimate follows it by 70 days', async ({ page, request }) => {
    // Many steps through two accounts: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    // The test's own patient, at the demo harvest center (whose lab is the demo lab).
    const admin = await apiAs(request, 'admin');
    const hc = await apiAs(request, 'hc');
    const email = `${unique('lab-dates')}@example.com`;
    await admin.post('/api/v1/patients/', {
      first_name: 'Lena',
      last_name: 'Labdates',
      email,
      harvest_center_temporal: hc.user.id,
    });

    await loginAs(page, 'lab');
    await page.goto('/lab');
    await page.getByRole('link', { name: 'Austin Harvest Center' }).click();
    await search(page, 'Search patients', email);
    await rowWith(page, email)
      .getByRole('button', { name: /View patient/ })
      .click();
    const form = page.getByRole('dialog', { name: 'Patient Data' });

    const estimate = form.getByLabel('Estimated Date Vials Ready to Ship');
    await expect(estimate).toBeDisabled();
    const received = dayOfThisMonth(5);
    await pickDate(page, form.getByLabel('Date Adipose Received by Lab'), received);
    await expect(estimate).toHaveText(addDays(received, 70).shown);
    await expect(estimate).toBeDisabled();
    await form.getByLabel('QC Count').fill('2');
    await form.getByRole('radio', { name: 'Yes' }).first().check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Patient has been updated!')).toBeVisible();

    // Saved: the server computed the same date.
    const saved = await admin.get<{ results: { id: number }[] }>(
      `/api/v1/users/patient/list/?search=${encodeURIComponent(email)}`,
    );
    const patient = await admin.get<{ estimated_date_vials_ready_to_ship: string | null }>(
      `/api/v1/patients/${saved.results[0].id}/`,
    );
    expect(patient.estimated_date_vials_ready_to_ship).toBe(addDays(received, 70).iso);

    // 'Set date manually' unlocks the field and keeps a typed date.
    await rowWith(page, email)
      .getByRole('button', { name: /View patient/ })
      .click();
    await form.getByLabel('Set date manually').check();
    await expect(estimate).toBeEnabled();
    // The calendar opens on the estimate's month: pick another day of it.
    const estimated = addDays(received, 70);
    const estimatedDay = Number(estimated.iso.slice(8));
    const manual = addDays(estimated, estimatedDay >= 15 ? -5 : 5);
    await pickDate(page, estimate, manual);
    await expect(estimate).toHaveText(manual.shown);
    // This save's own notice: the first one has gone (it shows for 2 s), and the watch starts before
    // the click, so a busy machine cannot let the 2 s pass between the answer and the first look.
    const notice = page.getByText('Patient has been updated!');
    await expect(notice).toHaveCount(0);
    const [, secondSave] = await Promise.all([
      expect(notice).toBeVisible(),
      page.waitForResponse((r) => r.url().includes('/api/v1/patients/') && r.request().method() === 'PATCH'),
      form.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(secondSave.status()).toBe(200);
    const after = await admin.get<{
      estimated_date_vials_ready_to_ship: string | null;
      estimated_date_set_manually: boolean;
    }>(`/api/v1/patients/${saved.results[0].id}/`);
    expect(after).toMatchObject({
      estimated_date_vials_ready_to_ship: manual.iso,
      estimated_date_set_manually: true,
    });
  });

  test('an admin adds a patient at a center it picks, and the patient inherits that center’s rep', async ({
    page,
  }) => {
    const email = `${unique('admin-added')}@example.com`;
    await loginAs(page, 'admin');
    await page.goto('/patients');
    await page.getByRole('button', { name: 'Add Patient' }).click();
    const add = page.getByRole('dialog', { name: 'Add Patient' });
    await add.getByLabel('First Name').fill('Ada');
    await add.getByLabel('Last Name').fill('Picked');
    await add.getByLabel('Email').fill(email);

    const center = add.getByLabel('Harvest Center', { exact: true });
    await expect(center).toHaveAttribute('placeholder', 'Select an option');
    await center.fill('no such center');
    await expect(page.getByText('No results found')).toBeVisible();
    await center.fill('Round Rock');
    await page.getByRole('option', { name: 'Round Rock Harvest Center' }).click();
    await expect(add.getByLabel('Sales Rep')).toHaveValue('Ray Second');
    await add.getByRole('button', { name: 'Add Patient' }).click();
    await expect(page.getByText('Patient has been created!', { exact: false })).toBeVisible();

    await search(page, 'Search patients', email);
    await expect(rowWith(page, email)).toContainText('Round Rock Harvest Center');
  });

  test('a sales rep sees the form without name and e-mail, read-only', async ({ page }) => {
    await loginAs(page, 'rep');
    await page.goto('/patients');
    // Neither in the list: no Name or Email column, and the search finds by lab id only.
    await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
    await search(page, 'Search patients', 'patient@example.com');
    await expect(page.getByText("Empty table. There's nothing to show")).toBeVisible();
    await search(page, 'Search patients', 'L2-0001');
    const row = rowWith(page, 'L2-0001');
    await expect(row).not.toContainText('patient@example.com');
    await row.getByRole('button', { name: /View patient/ }).click();
    const form = page.getByRole('dialog', { name: 'Patient Data' });
    await expect(form.getByText("You can view this patient's data but not change it.")).toBeVisible();
    await expect(form.getByLabel('First Name')).toHaveCount(0);
    await expect(form.getByLabel('Email')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Add vials record' })).toHaveCount(0);
  });
});
