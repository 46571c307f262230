import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../playwright.config.ts';
import { expect, loginAs, test, unique } from '../support/fixtures.ts';

/** The server writes mail as .eml files when no SMTP server is configured (the test server's case). */
async function mailContaining(token: string): Promise<string | undefined> {
  const dir = path.join(dataDir, 'mail');
  const files = await readdir(dir).catch(() => []);
  for (const file of files) {
    const text = await readFile(path.join(dir, file), 'utf8');
    if (text.includes(token)) return text;
  }
  return undefined;
}

test('Contact Us delivers the message to support', async ({ page }) => {
  const token = unique('contact');
  await loginAs(page, 'rep');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page).toHaveTitle('Contact Us — Portal');
  await expect(page.getByText('Your message goes to our support team by e-mail.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('rep@example.com');

  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await page.getByLabel('Name').fill('Rita Rep');
  await page.getByLabel('Message').fill(`Please call me back. ${token}`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thank you. Your message has been sent.')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('');

  await expect.poll(() => mailContaining(token), { timeout: 10_000 }).toBeDefined();
  const mail = (await mailContaining(token))!;
  expect(mail).toContain('Subject: Contact form: Rita Rep');
  expect(mail).toMatch(/Reply-To: rep@example\.com/i);
});
