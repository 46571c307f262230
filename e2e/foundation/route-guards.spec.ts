import { type DemoRole, expect, loginAs, test } from '../support/fixtures.ts';

/**
 * Typed addresses a role's menu does not offer are refused like every guarded route: straight to
 * /unauthorized, never a page whose data cannot load (web/src/app/route-guards.test.ts walks every
 * route for every role; these are the cases of issue 33, and one per kind of guard).
 */
const REFUSED: { role: DemoRole; path: string }[] = [
  { role: 'distributor', path: '/all-patients-team' },
  { role: 'staff', path: '/staff-view' },
  { role: 'patient', path: '/harvest-centers' },
  { role: 'rep', path: '/referral-patients' },
];

for (const { role, path } of REFUSED) {
  test(`${role} typing ${path} is sent to /unauthorized`, async ({ page }) => {
    const failedCalls: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) failedCalls.push(response.url());
    });
    await loginAs(page, role);
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { level: 1, name: 'This action is unauthorized' })).toBeVisible();
    await expect(page.getByText(/Could not load/)).toHaveCount(0);
    // Refused by the guard before the page asked the server for what it may not see.
    expect(failedCalls).toEqual([]);
  });
}

test('the admin finds the center lists in its menu', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: 'Harvest Centers', exact: true }).click();
  await expect(page).toHaveURL(/\/harvest-centers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harvest Centers' })).toBeVisible();
  await nav.getByRole('link', { name: 'Referral Harvest Centers' }).click();
  await expect(page).toHaveURL(/\/referral-harvest-centers$/);
});
