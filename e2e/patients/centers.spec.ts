import { expect, loginAs, test, unique } from '../support/fixtures.ts';
import { rowWith, search } from './helpers.ts';

/** A demo patient of the demo HC, referred by the demo RHC (server/src/seed/demo-lab-chain.ts). */
const REFERRED_PATIENT = 'patient.liam.rossi.1@example.com';

test.describe('harvest centers', () => {
  test('a sales rep adds a harvest center, which joins its list', async ({ page }) => {
    const company = unique('Rep Clinic');
    const email = `${unique('rep-hc')}@example.com`;
    await loginAs(page, 'rep');
    await page.goto('/harvest-centers');
    await page.getByRole('button', { name: 'Add Harvest Center' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Harvest Center' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First Name').fill('Cora');
    await dialog.getByLabel('Last Name').fill('Center');
    await dialog.getByLabel('Company').fill(company);
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Add Harvest Center' }).click();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await dialog.getByLabel('Password').fill('center-password-1');
    await dialog.getByRole('button', { name: 'Add Harvest Center' }).click();
    await expect(page.getByText('Harvest Center has been created!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await search(page, 'Search', company);
    const row = rowWith(page, email);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Rita Rep');
  });

  test('an admin lists every harvest center and referral harvest center', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/harvest-centers');
    await expect(page).toHaveTitle('Harvest Centers — Portal');
    await search(page, 'Search', 'hc@example.com');
    await expect(rowWith(page, 'hc@example.com')).toBeVisible();
    await page.goto('/referral-harvest-centers');
    await search(page, 'Search', 'rhc@example.com');
    await expect(rowWith(page, 'rhc@example.com')).toContainText('Austin Harvest Center');
  });

  test('a referral harvest center sees the patients it referred', async ({ page }) => {
    await loginAs(page, 'rhc');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Patients', exact: true })).toBeVisible();
    await search(page, 'Search patients', REFERRED_PATIENT);
    await expect(rowWith(page, REFERRED_PATIENT)).toBeVisible();
    // Its own patients only: the demo patient came straight to the harvest center.
    await search(page, 'Search patients', 'patient@example.com');
    await expect(page.getByText("Empty table. There's nothing to show")).toBeVisible();
  });

  test('a harvest center opens its referral patients from the menu', async ({ page }) => {
    await loginAs(page, 'hc');
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Referral Patients' }).click();
    await expect(page).toHaveURL(/\/referral-patients$/);
    await expect(page.getByRole('heading', { name: 'Referral Patients' })).toBeVisible();
    await search(page, 'Search patients', REFERRED_PATIENT);
    await expect(rowWith(page, REFERRED_PATIENT)).toBeVisible();
    await search(page, 'Search patients', 'patient@example.com');
    await expect(page.getByText("Empty table. There's nothing to show")).toBeVisible();
  });
});
