import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  loginAs,
  loginThroughForm,
  test,
} from '../support/fixtures.ts';

test('a forgotten password is reset through the mailed link, which the admin can read in the Mail Outbox', async ({
  page,
  browser,
}) => {
  // A user of this test's own, so other tests keep their demo passwords.
  const email = `reset-${Date.now()}@example.test`;
  const adminLogin = await page.request.post('/api/admin/login/', {
    data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  const { token } = await adminLogin.json();
  const created = await page.request.post('/api/v1/users/', {
    headers: { authorization: `Token ${token}` },
    data: { subscription: 2, email, first_name: 'Reset', last_name: 'Tester', password: 'first-password' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('dialog').getByText(/we have sent a link/)).toBeVisible();

  const adminPage = await browser.newPage();
  await loginAs(adminPage, 'admin');
  await adminPage.goto('/mail-outbox');
  await expect(adminPage).toHaveTitle('Mail Outbox — Portal');
  await adminPage.getByLabel('Search').fill(email);
  await adminPage.getByRole('button', { name: 'Reset your Portal password' }).first().click();
  const body = await adminPage.getByRole('dialog').locator('pre').textContent();
  const link = /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(body ?? '')?.[0];
  expect(link).toBeTruthy();
  await adminPage.close();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm Password').fill('second-password');
  await page.getByRole('button', { name: /reset password|save|change/i }).click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();

  await loginThroughForm(page, email, 'second-password');
  await expect(page).toHaveURL(/\/dashboard$/);
});
