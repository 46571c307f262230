import { expect, loginThroughForm, test } from '../support/fixtures.ts';
import { createUser } from './accounts-helpers.ts';

/**
 * The page kept for after the login (part 1 §2: the login page's redirect marker) belongs to the
 * session that left it, and is dropped when the user who signs in may not open it.
 */
test.describe('the stored redirect', () => {
  test("a new patient never inherits an earlier visitor's admin page: after the agreement, the dashboard", async ({
    page,
    request,
  }) => {
    // An earlier visitor of this browser followed a link to an admin page and never signed in.
    await page.goto(`/?redirect=${encodeURIComponent('/documents/patients')}`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    const patient = await createUser(request, 'patient');
    await loginThroughForm(page, patient.email, patient.password);
    await expect(page.getByRole('heading', { name: 'Private Membership Agreement' })).toBeVisible();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Vials History' })).toBeVisible();
    await expect(page.getByText('This action is unauthorized')).toBeHidden();
  });

  test('the way back after an expired session is for the user whose session it was', async ({
    page,
    request,
  }) => {
    const first = await createUser(request, 'patient', { acceptAgreement: true });
    const next = await createUser(request, 'patient', { acceptAgreement: true });
    /** The first user's session ends while on /profile: the login page keeps /profile for them. */
    const expireOnProfile = async () => {
      await loginThroughForm(page, first.email, first.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/profile');
      await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
      await page.evaluate(() => localStorage.setItem('portal.token', 'expired-token'));
      await page.reload();
      await expect(page).toHaveURL(/[?&]redirect=%2Fprofile/);
      // The login page is up (and has kept the way back) before anyone types on it.
      await expect(page.getByText('Your session has expired')).toBeVisible();
    };
    /** Signs in on the login page as it stands (loginThroughForm would open a fresh one). */
    const signInHere = async (user: { email: string; password: string }) => {
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
    };

    await expireOnProfile();
    // Someone else signs in on this browser: their dashboard, not the first user's page.
    await signInHere(next);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Vials History' })).toBeVisible();
    await page.getByRole('button', { name: /user menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    // The first user's own way back still works.
    await expireOnProfile();
    await signInHere(first);
    await expect(page).toHaveURL(/\/profile$/);
  });
});
