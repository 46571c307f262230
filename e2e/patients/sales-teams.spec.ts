import { apiAs, expect, loginAs, test } from '../support/fixtures.ts';
import { rowWith, search } from './helpers.ts';

test.describe('sales teams', () => {
  test('a sales rep sees its read-only referral links', async ({ page, request }) => {
    const rep = await apiAs(request, 'rep');
    await loginAs(page, 'rep');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Sales Rep Referral Links' })).toBeVisible();
    const origin = new URL(page.url()).origin;
    const hcLink = page.getByLabel('Harvest Center Sign-up Link', { exact: true });
    await expect(hcLink).toHaveValue(`${origin}/harvest-center-registration?srid=${rep.user.id}`);
    await expect(hcLink).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Referral Harvest Center Sign-up Link', { exact: true })).toHaveValue(
      `${origin}/referral-harvest-center-registration?srid=${rep.user.id}`,
    );
  });

  test('a sales rep lists its centers and patients from the menu', async ({ page }) => {
    await loginAs(page, 'rep');
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Harvest Centers', exact: true }).click();
    await expect(page).toHaveTitle('Harvest Centers — Portal');
    await search(page, 'Search', 'Austin Harvest Center');
    await expect(rowWith(page, 'Austin Harvest Center')).toBeVisible();
    await nav.getByRole('link', { name: 'Referral Harvest Centers' }).click();
    await expect(rowWith(page, 'Hill Country Referral Clinic')).toBeVisible();
    await nav.getByRole('link', { name: 'Patients', exact: true }).click();
    // A rep does not see patients' names and e-mails (part 1 §5): it finds them by lab id.
    await search(page, 'Search patients', 'L2-0001');
    await expect(rowWith(page, 'L2-0001')).toBeVisible();
  });

  test('a distributor sees its managers, their reps and their patients', async ({ page }) => {
    await loginAs(page, 'distributor');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Sales Manager Team' })).toBeVisible();
    await expect(rowWith(page, 'manager@example.com')).toBeVisible();
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Team Sales Reps' }).click();
    await expect(page).toHaveURL(/\/all-manager-sr-team$/);
    await expect(rowWith(page, 'rep@example.com')).toBeVisible();
    await nav.getByRole('link', { name: 'Team Patients' }).click();
    await expect(page).toHaveURL(/\/all-manager-patients-team$/);
    await search(page, 'Search patients', 'patient@example.com');
    await expect(rowWith(page, 'patient@example.com')).toBeVisible();
  });

  test('a sales manager sees its reps and their patients', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Sales Rep Team' })).toBeVisible();
    await expect(rowWith(page, 'rep@example.com')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Team Patients' }).click();
    await expect(page).toHaveURL(/\/all-patients-team$/);
    await expect(page).toHaveTitle('Team Patients — Portal');
    await search(page, 'Search patients', 'patient@example.com');
    await expect(rowWith(page, 'patient@example.com')).toBeVisible();
  });
});
