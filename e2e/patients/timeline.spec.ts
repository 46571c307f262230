import fs from 'node:fs';
import { expect, loginAs, test } from '../support/fixtures.ts';

test('a patient sees where the tissue is on the dashboard and every step on the timeline', async ({
  page,
}) => {
  await loginAs(page, 'patient');
  await page.goto('/dashboard');
  const stage = page.getByRole('heading', { name: 'Where your tissue is' });
  await expect(stage).toBeVisible();
  await page.getByRole('link', { name: 'See every step' }).click();
  await expect(page.getByRole('heading', { name: /^Timeline of /, level: 1 })).toBeVisible();
  await expect(page.getByText('Account created')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print chain of custody (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^custody-\d+-[0-9a-f]{12}\.pdf$/);
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});

test('an HC opens a patient timeline from the patient form', async ({ page }) => {
  await loginAs(page, 'hc');
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /View patient/ })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: 'Patient Data' })
    .getByRole('link', { name: 'Timeline and chain of custody' })
    .click();
  await expect(page.getByRole('heading', { name: /^Timeline of /, level: 1 })).toBeVisible();
  await expect(page.getByText('Account created')).toBeVisible();
});
