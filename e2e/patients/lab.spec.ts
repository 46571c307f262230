import { expect, loginAs, test } from '../support/fixtures.ts';
import { rowWith, search } from './helpers.ts';

test.describe('lab', () => {
  test('drills from its harvest centers into a center’s patients', async ({ page }) => {
    await loginAs(page, 'lab');
    await page.goto('/dashboard');
    const center = page.getByRole('link', { name: 'Austin Harvest Center' });
    await expect(center).toBeVisible();
    // The lab's harvest centers page 5 at a time.
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

    await center.click();
    await expect(page).toHaveURL(/\/lab\/\d+\/harvest-center\/\d+$/);
    await expect(page).toHaveTitle('Harvest Center Patients — Portal');
    // The heading names the center drilled into.
    await expect(page.getByRole('heading', { name: 'Austin Harvest Center: Patients' })).toBeVisible();
    await search(page, 'Search patients', 'patient@example.com');
    await expect(rowWith(page, 'patient@example.com')).toBeVisible();

    // The heading names the center; the breadcrumb leads back to the lab view, which lists the same centers.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Austin Harvest Center: Patients' }),
    ).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toContainText('Austin Harvest Center');
    await breadcrumb.getByRole('link').last().click();
    await expect(page).toHaveURL(/\/lab\/\d+$/);
    await expect(page.getByRole('link', { name: 'Austin Harvest Center' })).toBeVisible();
  });

  test('a lab opens a patient of its centers read-only except for the lab fields', async ({ page }) => {
    await loginAs(page, 'lab');
    await page.goto('/lab');
    await page.getByRole('link', { name: 'Austin Harvest Center' }).click();
    await search(page, 'Search patients', 'patient@example.com');
    await rowWith(page, 'patient@example.com')
      .getByRole('button', { name: /View patient/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Patient Data' });
    await expect(dialog.getByLabel('First Name')).toBeDisabled();
    await expect(dialog.getByLabel('Lab ID')).toBeEnabled();
  });

  test('the lab route turns away other accounts', async ({ page }) => {
    await loginAs(page, 'patient');
    await page.goto('/lab');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});
