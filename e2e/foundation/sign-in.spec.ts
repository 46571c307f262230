import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type DemoRole,
  expect,
  loginThroughForm,
  test,
} from '../support/fixtures.ts';

const PLAN_NAMES: Record<DemoRole, string> = {
  admin: 'Admin',
  lab: 'Lab',
  patient: 'General Member',
  hc: 'Harvest Center',
  rhc: 'Referral Harvest Center',
  staff: 'HC Staff',
  rep: 'Sales Rep',
  manager: 'Sales Manager',
  distributor: 'Sales Distributor',
};

test.describe('sign in', () => {
  for (const role of Object.keys(DEMO_ACCOUNTS) as DemoRole[]) {
    test(`${role} logs in and sees its menu`, async ({ page }) => {
      await loginThroughForm(page, DEMO_ACCOUNTS[role], DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page).toHaveTitle('Dashboard — Portal');
      const nav = page.getByRole('navigation');
      await expect(nav.getByText(/Member ID/)).toBeVisible();
      // The plan name under the member id (a menu link may read the same, e.g. 'Lab').
      const planName = nav.getByRole('paragraph').filter({ hasText: new RegExp(`^${PLAN_NAMES[role]}$`) });
      await expect(planName).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    });
  }

  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await loginThroughForm(page, DEMO_ACCOUNTS.rep, 'wrong-password');
    // Said once, beside the form (not also as a notification).
    await expect(page.getByText('Unable to log in with provided credentials.')).toHaveCount(1);
    await expect(page.getByText('Unable to log in with provided credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('logout clears the session and returns to the login page', async ({ page }) => {
    await loginThroughForm(page, DEMO_ACCOUNTS.hc, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/\?redirect=%2Fdashboard$/);
  });

  test('forgot password shows the answer in a modal with Login Page and Close', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill('patient@example.com');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/we have sent a link to reset the password/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Login Page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a session that ends mid-way lands on the login page with the redirect, and back after login', async ({
    page,
  }) => {
    await loginThroughForm(page, DEMO_ACCOUNTS.manager, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The server forgets the session (as after expiry or revocation elsewhere).
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    // Off the app first, so none of the dashboard's own requests meets the 401 before the visit below.
    await page.goto('about:blank');
    const res = await page.request.post('/api/admin/logout/', {
      headers: { authorization: `Token ${token}` },
    });
    expect(res.ok()).toBe(true);
    await page.goto('/unauthorized?from=e2e');
    // The way back names whose session it was (the manager's), so nobody else inherits it.
    await expect(page).toHaveURL(/\/\?redirect=%2Funauthorized%3Ffrom%3De2e&expired=1&for=\d+$/);
    await expect(page.getByText('Your session has expired')).toBeVisible();
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.manager);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/unauthorized\?from=e2e$/);
    await expect(page.getByText('This action is unauthorized')).toBeVisible();
  });
});
