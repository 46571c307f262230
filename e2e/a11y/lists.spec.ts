import { expect, loginAs, test } from '../support/fixtures.ts';
import { sidewaysOverflow } from './a11y-checks.ts';

test.describe('lists', () => {
  test('a list that fails to load says so and Retry brings the rows', async ({ page }) => {
    await loginAs(page, 'admin');
    // Every call for the users list fails (the app's own retries included) until Retry is pressed.
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/admin/users/',
      (route) =>
        failing
          ? route.fulfill({ status: 500, json: { message: 'Database unavailable.' } })
          : route.fallback(),
    );
    await page.goto('/dashboard');

    const failure = page.getByRole('alert').filter({ hasText: 'Could not load the list' });
    await expect(failure).toBeVisible({ timeout: 20_000 });
    await expect(failure).toContainText('Database unavailable.');
    // A failed list never reads as an empty one.
    await expect(page.getByText("Empty table. There's nothing to show")).toHaveCount(0);

    failing = false;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toBeHidden();
    await expect(page.getByRole('cell', { name: /@example\.com$/ }).first()).toBeVisible();
  });

  test('on a 390 px phone a list is cards with its action in view, and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'hc');
    await page.goto('/dashboard');

    // A patient's card (the dashboard's summary has list items of its own).
    const firstCard = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^View patient/ }) })
      .first();
    await expect(firstCard).toBeVisible();
    await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
    // The row's main action, at the foot of its card, inside the screen.
    const view = firstCard.getByRole('button', { name: /^View patient/ });
    // Below the dashboard's summary: scrolled to vertically, never sideways.
    await view.scrollIntoViewIfNeeded();
    await expect(view).toBeInViewport();
    const box = await view.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // And the list's own action (Add Patient) too.
    const addPatient = page.getByRole('button', { name: 'Add Patient' });
    await addPatient.scrollIntoViewIfNeeded();
    await expect(addPatient).toBeInViewport();

    expect(await sidewaysOverflow(page)).toBeNull();

    await view.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
