import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../playwright.config.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  loginAs,
  loginThroughForm,
  test,
} from '../support/fixtures.ts';

/** The reset link in the mail delivered to `to`: the test server writes mail as .eml files (0600). */
async function deliveredResetLink(to: string): Promise<string | undefined> {
  const dir = path.join(dataDir, 'mail');
  for (const file of await readdir(dir).catch(() => [])) {
    // Quoted-printable: undo soft line breaks and the escaped '='.
    const text = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    if (!text.includes(`To: ${to}`)) continue;
    const link = /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
    if (link) return link;
  }
  return undefined;
}

test('a forgotten password is reset through the mailed link, which the Mail Outbox shows masked', async ({
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
  // Admins see that the mail went out, not a link that would let them in as the user.
  const body = await adminPage.getByRole('dialog').locator('pre').textContent();
  expect(body).toMatch(/\/reset-password\?token=\*+/);
  expect(body).not.toMatch(/\/reset-password\?token=[\w-]+/);
  await adminPage.close();

  await expect.poll(() => deliveredResetLink(email), { timeout: 10_000 }).toBeDefined();
  const link = (await deliveredResetLink(email))!;

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel(/^New Password/).fill('second-password');
  await page.getByLabel('Confirm Password').fill('second-password');
  await page.getByRole('button', { name: /reset password|save|change/i }).click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();

  await loginThroughForm(page, email, 'second-password');
  await expect(page).toHaveURL(/\/dashboard$/);
});
