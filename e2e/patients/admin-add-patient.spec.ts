import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { deliveredInvitationLink, deliveredMails } from '../support/mail.ts';
import { rowWith, search } from './helpers.ts';

test.describe('admin adds patients with the full form', () => {
  test('from the Users List: center and lab picked, the patient gets the invitation mail', async ({
    page,
  }) => {
    const email = `${unique('admin-full')}@example.test`.toLowerCase();
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Add Patient' }).first().click();
    await expect(page).toHaveURL(/\/add-patient$/);
    await expect(page).toHaveTitle('Add Patient — Portal');

    // Nothing filled: the errors sit by their fields and the first one has the focus.
    await page.getByRole('button', { name: 'Add Patient' }).click();
    await expect(page.getByLabel('First Name')).toBeFocused();
    await expect(page.getByLabel('First Name')).toHaveAccessibleDescription(/required/i);
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-required', 'true');

    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Fullform');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('combobox', { name: 'Harvest Center', exact: true }).fill('Round Rock');
    await page.getByRole('option', { name: 'Round Rock Harvest Center' }).click();
    await expect(page.getByLabel('Sales Rep')).toHaveValue('Ray Second');
    await page.getByRole('combobox', { name: 'Processing Lab' }).click();
    await page.getByRole('option', { name: 'Miami Cell Lab' }).click();
    const labId = unique('LAB').toUpperCase();
    await page.getByLabel('Lab ID').fill(labId);
    await page.getByRole('button', { name: 'Add Patient' }).click();
    await expect(page.getByText('Patient has been created!', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Stored as picked, with the rep of the center.
    const admin = await apiAs(page.request, 'admin');
    const found = await admin.get<{
      results: {
        email: string;
        hc_desc: { company: string }[];
        processing_lab_name: string;
        lab_id: string;
      }[];
    }>(`/api/v1/users/patient/list/?search=${encodeURIComponent(email)}`);
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({
      hc_desc: [{ company: 'Round Rock Harvest Center' }],
      processing_lab_name: 'Miami Cell Lab',
      lab_id: labId,
    });

    // The first mail is the 7-day invitation, not a one-hour reset.
    await expect.poll(() => deliveredInvitationLink(email), { timeout: 10_000 }).toBeDefined();
    const mails = await deliveredMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Welcome to Portal: set your password');
    expect(mails[0]).toContain('expires in 7 days');
    expect(mails[0]).not.toMatch(/reset your password/i);
  });

  test('admin finds a patient by lab id, in Patients and in the Users List', async ({ page }) => {
    const admin = await apiAs(page.request, 'admin');
    const email = `${unique('by-lab')}@example.test`.toLowerCase();
    const labId = unique('L2').toUpperCase();
    await admin.post('/api/v1/patients/', { first_name: 'Lara', last_name: 'Labid', email, lab_id: labId });

    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Patients', exact: true }).click();
    await expect(page).toHaveURL(/\/patients$/);
    await search(page, 'Search patients', labId.toLowerCase());
    await expect(rowWith(page, email)).toBeVisible();
    await expect(rowWith(page, email)).toContainText(labId);

    await page.goto('/dashboard');
    await page.getByLabel('Search').fill(labId);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr').first()).toContainText(email);
  });

  test('admin resends the invitation from the Users List', async ({ page }) => {
    const admin = await apiAs(page.request, 'admin');
    const email = `${unique('resend')}@example.test`.toLowerCase();
    await admin.post('/api/v1/patients/', { first_name: 'Rhea', last_name: 'Resend', email });
    await expect.poll(() => deliveredInvitationLink(email), { timeout: 10_000 }).toBeDefined();
    const first = await deliveredInvitationLink(email);

    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await page.getByLabel('Search').fill(email);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Resend Invitation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resend Invitation' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText(`The invitation has been sent again to ${email}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await deliveredMails(email)).length, { timeout: 10_000 }).toBe(2);

    // The first link no longer works; the new one does.
    const old = new URL(first!);
    const res = await page.request.post('/api/v1/users/reset-password/confirm/', {
      data: {
        token: old.searchParams.get('token'),
        password: 'patient-own-password',
        password_confirmation: 'patient-own-password',
      },
    });
    expect(res.status()).toBe(400);
  });
});

test('a harvest center resends the invitation to its own patient from its list', async ({ page }) => {
  const hc = await apiAs(page.request, 'hc');
  const email = `${unique('hc-resend')}@example.test`.toLowerCase();
  await hc.post('/api/v1/patients/', { first_name: 'Hana', last_name: 'Resend', email });
  await expect.poll(async () => (await deliveredMails(email)).length, { timeout: 10_000 }).toBe(1);

  await loginAs(page, 'hc');
  await page.goto('/dashboard');
  await search(page, 'Search patients', email);
  await page.getByRole('button', { name: `Resend invitation to ${email}` }).click();
  await expect(page.getByText(`The invitation has been sent again to ${email}.`)).toBeVisible();
  await expect.poll(async () => (await deliveredMails(email)).length, { timeout: 10_000 }).toBe(2);
});
