import { ASSET_TEXTS } from '../../shared/src/assets.ts';
import { TEXT } from '../../shared/src/ui-constants.ts';
import { search } from '../patients/helpers.ts';
import { expect, loginAs, test, unique } from '../support/fixtures.ts';

const GUIDE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('an admin adds an asset for harvest centers; an HC finds it in the Resource Center and its panel; a patient does not', async ({
  page,
  browser,
}) => {
  test.slow();
  const name = unique('Packing Guide');
  await loginAs(page, 'admin');
  await page.goto('/assets-manager');
  await expect(page.getByRole('heading', { name: ASSET_TEXTS.listTitle, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: ASSET_TEXTS.add }).click();
  const dialog = page.getByRole('dialog', { name: ASSET_TEXTS.add });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('How to pack tissue for the lab');
  await dialog.getByRole('combobox', { name: 'Account types' }).click();
  await page.getByRole('option', { name: 'Harvest Center', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Account types' }).press('Escape');
  const sections = dialog.getByRole('combobox', { name: 'Sections' });
  await sections.fill('/dashboard');
  await sections.press('Enter');
  // Backspace on an empty tag field removes the last tag (part 2 §2).
  await sections.press('Backspace');
  await sections.fill('/resource-center');
  await sections.press('Enter');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await dialog.getByLabel('Link name').fill('Packing video');
  await dialog.getByLabel('Link path').fill('https://videos.example.test/packing');
  await dialog.getByRole('button', { name: 'Add file' }).click();
  await dialog.getByLabel('File name').fill('Packing checklist');
  // Mantine's file input keeps the real <input type=file> beside the button that shows the label.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: GUIDE_PDF });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(ASSET_TEXTS.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  await search(page, 'Filter assets', name);
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('/resource-center');
  await expect(row).not.toContainText('/dashboard');

  const hcPage = await browser.newPage();
  await loginAs(hcPage, 'hc');
  await hcPage.goto('/resource-center');
  await search(hcPage, 'Search resources', name);
  const hcRow = hcPage.locator('tbody tr');
  await expect(hcRow).toHaveCount(1);
  await expect(hcRow.getByRole('link', { name: 'Packing video' })).toHaveAttribute(
    'href',
    'https://videos.example.test/packing',
  );
  const file = hcRow.getByRole('link', { name: 'Packing checklist' });
  const fileResponse = await hcPage.request.get((await file.getAttribute('href')) ?? '');
  expect(fileResponse.status()).toBe(200);
  expect(fileResponse.headers()['content-type']).toBe('application/pdf');
  await hcRow.getByRole('button', { name: 'Preview Packing checklist' }).click();
  const preview = hcPage.getByRole('dialog', { name: 'Packing checklist' });
  await expect(preview.locator('iframe[title="Packing checklist (PDF)"]')).toBeVisible();
  await preview.getByRole('button', { name: 'Dismiss' }).click();
  await expect(preview).toBeHidden();
  await hcPage.getByRole('button', { name: 'Resource Center' }).click();
  await expect(hcPage.getByRole('dialog', { name: 'Resource Center' }).getByText(name)).toBeVisible();
  await hcPage.close();

  const patientPage = await browser.newPage();
  await loginAs(patientPage, 'patient');
  await patientPage.goto('/resource-center');
  await patientPage.getByLabel('Search resources').fill(name);
  await expect(patientPage.getByText(TEXT.emptyTable)).toBeVisible();
  await patientPage.close();

  // The asset goes, after a confirmation that names it.
  await row.getByRole('button', { name: `Remove asset ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove asset' });
  await expect(confirm).toContainText(`${ASSET_TEXTS.removeConfirm} (${name})`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(TEXT.emptyTable)).toBeVisible();
});
