import { DEMO_ACCOUNTS, expect, loginAs, loginThroughForm, test, unique } from '../support/fixtures.ts';
import { deliveredInvitationLink } from '../support/mail.ts';

test('a manager adds a rep, who sets a password from the mailed link and signs in', async ({
  page,
  browser,
}) => {
  const email = `${unique('new-rep')}@example.test`;
  await loginAs(page, 'manager');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Add Sales Rep' }).click();
  await expect(page).toHaveURL(/\/add-sales-rep$/);
  await expect(page).toHaveTitle('Add Sales Rep — Portal');

  // A taken e-mail: the message sits by the field, and the error flag clears after 3 s.
  await page.getByLabel('First Name').fill('Nina');
  await page.getByLabel('Last Name').fill('Newrep');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.rep);
  await page.getByRole('button', { name: 'Add Sales Rep' }).click();
  const flag = page.getByRole('alert').filter({ hasText: 'A user with this e-mail already exists.' });
  await expect(flag).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/already exists/);
  await expect(flag).toBeHidden({ timeout: 5_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone Number').fill('555 0101');
  await page.getByRole('button', { name: 'Add Sales Rep' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sales Rep added' });
  await expect(dialog.getByText(`sent to ${email}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Email')).toHaveValue('');

  // The rep is in the manager's team.
  await page.goto('/dashboard');
  await expect(page.getByText(email)).toBeVisible();

  await expect.poll(() => deliveredInvitationLink(email), { timeout: 10_000 }).toBeDefined();
  const link = new URL((await deliveredInvitationLink(email))!);
  const repPage = await browser.newPage();
  await repPage.goto(link.pathname + link.search);
  await repPage.getByLabel(/^New Password/).fill('rep-own-password');
  await repPage.getByLabel('Confirm Password').fill('rep-own-password');
  await expect(repPage).toHaveTitle('Set your password — Portal');
  await repPage.getByRole('button', { name: 'Set Password' }).click();
  await expect(repPage.getByText('Your password has been set. You can sign in now.')).toBeVisible();
  await loginThroughForm(repPage, email, 'rep-own-password');
  await expect(repPage).toHaveURL(/\/dashboard$/);
  await repPage.close();
});

test('a distributor adds a manager and goes to the dashboard from the success modal', async ({ page }) => {
  const email = `${unique('new-manager')}@example.test`;
  await loginAs(page, 'distributor');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Add Sales Manager' }).click();
  await page.getByLabel('First Name').fill('Mona');
  await page.getByLabel('Last Name').fill('Newmanager');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Add Sales Manager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sales Manager added' });
  await dialog.getByRole('button', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(email)).toBeVisible();
});
