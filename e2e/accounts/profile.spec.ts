import { expect, loginAs, loginThroughForm, test } from '../support/fixtures.ts';
import { createUser } from './accounts-helpers.ts';

test.describe('own account', () => {
  test('a harvest center saves its contact details', async ({ page }) => {
    // A journey over several pages and calls: more time when the machine is busy.
    test.slow();
    const hc = await createUser(page.request, 'harvest-center', { acceptAgreement: true });
    await loginAs(page, hc);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page).toHaveTitle('Contact Details — Portal');
    await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible();
    await expect(page.getByLabel('Date Joined')).toHaveValue(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/,
    );
    await expect(page.getByLabel('Last Login')).toHaveValue(/ UTC$/);
    // Only the super admin may change the template id.
    await expect(page.getByLabel('Template ID')).toBeDisabled();

    await page.getByLabel('First Name').fill('');
    await page.getByLabel('Company').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Company is required')).toBeVisible();

    await page.getByLabel('First Name').fill('Helena');
    await page.getByLabel('Company').fill('Helena Clinic');
    await page.getByLabel('Phone Number').fill('+1 (555) 123-4567');
    await page.getByLabel('City').fill('Springfield');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Record has been updated!')).toBeVisible();
    // The header shows the saved name at once: the stored user was replaced.
    await expect(page.getByRole('button', { name: /Helena .*user menu/ })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('First Name')).toHaveValue('Helena');
    await expect(page.getByLabel('Company')).toHaveValue('Helena Clinic');
    await expect(page.getByLabel('Phone Number')).toHaveValue('+15551234567');
    await expect(page.getByLabel('City')).toHaveValue('Springfield');
  });

  test('Date Joined and Last Login read whole on a 390 px phone, and where the cards sit side by side', async ({
    page,
  }) => {
    await loginAs(page, 'hc');
    await page.goto('/profile');
    for (const width of [390, 1024, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const label of ['Date Joined', 'Last Login']) {
        const field = page.getByLabel(label);
        await expect(field).toHaveValue(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$|^N\/A$/);
        // The whole value fits its box: nothing cut off at the right edge ('26 Nov 2026, 15:').
        const cut = await field.evaluate((input: HTMLInputElement) => input.scrollWidth > input.clientWidth);
        expect(cut, `${label} is cut at ${width} px`).toBe(false);
      }
    }
  });

  test('a patient has no company field and no Template ID', async ({ page }) => {
    const patient = await createUser(page.request, 'patient', { acceptAgreement: true });
    await loginAs(page, patient);
    await page.goto('/profile');
    await expect(page.getByLabel('First Name')).toHaveValue('E2e');
    await expect(page.getByLabel('Company')).toHaveCount(0);
    await expect(page.getByLabel('Template ID')).toHaveCount(0);
  });

  test('a user changes the login e-mail, confirmed with the current password', async ({ page }) => {
    test.slow();
    const patient = await createUser(page.request, 'patient', { acceptAgreement: true });
    await loginAs(page, patient);
    await page.goto('/profile');
    const email = page.getByLabel('Email');
    await expect(email).toHaveValue(patient.email);
    // Asked for only when the e-mail changes.
    await expect(page.getByLabel('Current Password')).toHaveCount(0);
    // Added by the admin without a phone number, which the profile form requires.
    await page.getByLabel('Phone Number').fill('5125550100');
    const newEmail = `new-${patient.email}`;
    await email.fill(newEmail);
    const current = page.getByLabel('Current Password');
    await expect(current).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Enter your current password to change your login e-mail.').first(),
    ).toBeVisible();
    await current.fill('not-my-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your current password is incorrect.').first()).toBeVisible();

    await current.fill(patient.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Record has been updated!')).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveCount(0);

    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await loginThroughForm(page, newEmail, patient.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a user changes the password', async ({ page }) => {
    // A journey over several pages and calls: more time when the machine is busy.
    test.slow();
    const patient = await createUser(page.request, 'patient', { acceptAgreement: true });
    await loginAs(page, patient);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/password$/);
    await expect(page).toHaveTitle('Change Password — Portal');

    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/update-password/')) calls += 1;
    });
    await page.getByLabel('Current Password').fill(patient.password);
    await page.getByLabel('New Password').fill('a-new-password-1');
    await page.getByLabel('Confirm Password').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('New Password and Confirmation Password do not match!')).toBeVisible();
    expect(calls).toBe(0);

    // A failure is shown in the modal too.
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('Confirm Password').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Current Password').fill(patient.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('Your password has been changed.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await loginThroughForm(page, patient.email, 'a-new-password-1');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
