import { expect, loginAs, test } from '../support/fixtures.ts';

/** Notifications (part 1 §4: success 2 s, error 3 s) appear below the header, never over its user menu. */
test('a notice leaves the header and its user menu uncovered, at 1280 and at 390 px', async ({ page }) => {
  // A profile whose required fields are filled: Save answers with a success notice.
  await loginAs(page, 'manager');
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.locator('.mantine-Notification-root').first();
    await expect(notice).toBeVisible();
    const header = await page.locator('header').first().boundingBox();
    const box = await notice.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 60));
    // The user menu answers a click while the notice is shown.
    await page.getByRole('button', { name: /user menu$/ }).click({ trial: true, timeout: 1_000 });
    await page.getByRole('button', { name: /user menu$/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
});
