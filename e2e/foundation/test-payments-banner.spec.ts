import { TEST_PAYMENTS_BANNER } from '../../shared/src/ui-constants.ts';
import { sidewaysOverflow } from '../a11y/a11y-checks.ts';
import { expect, loginAs, test } from '../support/fixtures.ts';

// The browser tests' server runs the sandbox gateway (as `npm start` does): no payment moves money,
// and every page, signed in or not, says so (docs/decisions/030-production-defaults.md).
test.describe('the test-payments banner (sandbox gateway)', () => {
  test('is on the guest pages and the signed-in ones, as a named region', async ({ page }) => {
    const banner = page.getByRole('region', { name: TEST_PAYMENTS_BANNER.label });
    await page.goto('/');
    await expect(banner).toHaveText(TEST_PAYMENTS_BANNER.text);
    await page.goto('/forgot-password');
    await expect(banner).toBeVisible();

    await loginAs(page, 'hc');
    await page.goto('/dashboard');
    await expect(
      page.getByRole('main').getByRole('region', { name: TEST_PAYMENTS_BANNER.label }),
    ).toBeVisible();
    await page.goto('/harvest-center/checkout/processing-fee');
    await expect(banner).toBeVisible();
  });

  test('fits a 390 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('region', { name: TEST_PAYMENTS_BANNER.label })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeNull();
    await loginAs(page, 'hc');
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: TEST_PAYMENTS_BANNER.label })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeNull();
  });
});
