import { readFile } from 'node:fs/promises';
import { DOCUMENT_TEXTS } from '../../shared/src/documents.ts';
import { createPatientAccount, patchAs } from '../patients/helpers.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { createUser, searchForUser } from './accounts-helpers.ts';

test.describe('admin users list', () => {
  test('admin searches for a user and edits it', async ({ page }) => {
    // A journey over several pages and calls: more time when the machine is busy.
    test.slow();
    const patient = await createUser(page.request, 'patient');
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Add Patient' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Harvest Center' })).toBeVisible();
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

    // Ctrl+K focuses the search field, Escape leaves it.
    const search = page.getByLabel('Search');
    // Focus the page without pressing anything on it (the middle of the page may be a link).
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Control+K');
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search).not.toBeFocused();

    const row = await searchForUser(page, patient.email);
    await expect(page.getByText('Page 1 of 1')).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${patient.email}` }).click();
    await page.getByRole('menuitem', { name: 'Edit user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await expect(dialog.getByLabel('First Name')).toHaveValue('E2e');

    await dialog.getByLabel('Phone Number').fill('call me');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Phone number must contain digits only')).toBeVisible();

    await dialog.getByLabel('Phone Number').fill('555 010 2030');
    await dialog.getByLabel('First Name').fill('Edited');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('User has been updated')).toBeVisible();
    // Part 1 §4: the notice stays 2.5 s, then the modal closes by itself.
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await expect(row).toContainText('Edited');
    await expect(row).toContainText('5550102030');

    // The saved values are the server's, not the form's.
    await page.reload();
    await searchForUser(page, patient.email);
    await page.getByRole('button', { name: `Actions for ${patient.email}` }).click();
    await page.getByRole('menuitem', { name: 'User Details' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect(details.getByRole('row', { name: /Phone Number/ })).toContainText('5550102030');
    await expect(details.getByRole('row', { name: /^Name/ })).toContainText(`Edited ${patient.last_name}`);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
  });

  test('at 1280 px the list fits its container: a long address breaks, and Actions needs no sideways scroll', async ({
    page,
  }) => {
    // About 110 characters without a hyphen (a place a line may break): wider than the list at
    // 1280 px when the address cannot break.
    const name = `anaddresslongenoughtowidenthetable${unique('').replaceAll('-', '')}`;
    await createUser(page.request, 'patient', {
      email: `${name}@harvestcentersofaclinicwithalongname.clinicsnetwork.example.com`,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await searchForUser(page, name);
    const table = page.getByRole('region', { name: 'Table' });
    const widths = await table.evaluate((scroller) => ({
      content: scroller.scrollWidth,
      shown: scroller.clientWidth,
    }));
    expect(widths.content).toBeLessThanOrEqual(widths.shown);
  });

  test("Show Patient Data names the patient's lab, centers and rep, not their ids", async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await searchForUser(page, 'patient@example.com');
    await page.getByRole('button', { name: 'Actions for patient@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Show Patient Data' }).click();
    const data = page.getByRole('dialog', { name: 'Patient Data' });
    await expect(data.getByLabel('Processing Lab', { exact: true })).toHaveValue('Austin Processing Lab');
    await expect(data.getByLabel('Harvest Center', { exact: true })).toHaveValue('Austin Harvest Center');
    await expect(data.getByLabel('Referral Harvest Center', { exact: true })).toHaveValue('N/A');
    await expect(data.getByLabel('Sales Rep', { exact: true })).toHaveValue('Rita Rep');
  });

  test('a search without matches shows the empty text', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await page.getByLabel('Search').fill(unique('nobody'));
    await expect(page.getByText("Empty table. There's nothing to show")).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
  });

  test('admin adds a harvest center and exports the filtered list as CSV', async ({ page }) => {
    // A journey over several pages and calls: more time when the machine is busy.
    test.slow();
    const company = unique('Clinic');
    const email = `${company.toLowerCase()}@e2e.example.com`;
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Add Harvest Center' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Harvest Center' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First Name').fill('Hana');
    await dialog.getByLabel('Last Name').fill('Center');
    await dialog.getByLabel('Company').fill(company);
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Add Harvest Center' }).click();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await dialog.getByLabel('Password').fill('a-good-password');
    await dialog.getByRole('button', { name: 'Add Harvest Center' }).click();
    await expect(dialog).toBeHidden();

    const row = await searchForUser(page, email);
    await expect(row).toContainText('Harvest Center');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await file.path(), 'utf8');
    // The current filters went with it: the header and exactly the one matching user.
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Email');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(email);
  });

  test("Sign Document: the admin signs a patient's pending agreement in place, and 'Delete' is the spec's word", async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, 'admin');
    const hc = await apiAs(request, 'hc');
    const patient = await createPatientAccount(request, admin, { first_name: 'Ada', last_name: 'Inperson' });
    await patchAs(request, admin, `/api/v1/patients/${patient.id}/`, { harvest_center_temporal: hc.user.id });
    await hc.post('/api/v1/documents/send/', {
      harvest_center_id: hc.user.id,
      name: 'Ada Inperson',
      email: patient.email,
      patient_id: patient.id,
    });

    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await searchForUser(page, patient.email);
    await page.getByRole('button', { name: `Actions for ${patient.email}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Sign Document' }).click();

    const modal = page.getByRole('dialog', { name: 'Sign Document: Ada Inperson' });
    await expect(modal.getByRole('button', { name: /^Sign / })).toHaveCount(3);
    await modal.getByRole('button', { name: 'Sign Processing Agreement' }).click();
    const signing = page.getByRole('dialog', { name: 'Sign Document', exact: true });
    await expect(signing.getByText('For Ada Inperson')).toBeVisible();
    await signing.getByLabel(DOCUMENT_TEXTS.consent).check();
    await signing.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signing.getByRole('heading', { name: DOCUMENT_TEXTS.signatureCompleted })).toBeVisible();
    await signing.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(signing).toBeHidden();
    // The list reloads: the signed one opens, the other two still wait.
    await expect(
      modal.getByRole('link', { name: `${DOCUMENT_TEXTS.seeDocument}: Processing Agreement` }),
    ).toBeVisible();
    await expect(modal.getByRole('button', { name: /^Sign / })).toHaveCount(2);

    // A patient with nothing waiting: the modal says so, with no Sign button.
    const other = await createUser(request, 'patient');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await searchForUser(page, other.email);
    await page.getByRole('button', { name: `Actions for ${other.email}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Document' }).click();
    const empty = page.getByRole('dialog', { name: /^Sign Document: / });
    await expect(empty.getByText(DOCUMENT_TEXTS.nothingToSign)).toBeVisible();
    await expect(empty.getByRole('button', { name: /^Sign / })).toHaveCount(0);
  });
});
