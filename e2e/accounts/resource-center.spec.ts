import { RESOURCE_CENTER_TEXTS } from '../../shared/src/assets.ts';
import { axeProblems, resize, VIEWPORTS } from '../a11y/a11y-checks.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { createUser } from './accounts-helpers.ts';

/**
 * The floating 'Resource Center' button of every signed-in page (part 1 §2, layout): its panel lists
 * the resources suggested for the page in view, or says there are none and whom to ask.
 */
test.describe('the Resource Center button', () => {
  test('is on every signed-in page at both widths; with nothing suggested it says so and names the support contact', async ({
    page,
    request,
  }) => {
    const patient = await createUser(request, 'patient', { acceptAgreement: true });
    await loginAs(page, patient);
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await page.setViewportSize(viewport);
      for (const path of ['/dashboard', '/profile', '/password']) {
        await page.goto(path);
        const button = page.getByRole('button', { name: RESOURCE_CENTER_TEXTS.button });
        await expect(button).toBeInViewport();
        // Nothing in the header is hidden behind it: it floats at the bottom of the screen.
        const box = await button.boundingBox();
        expect(box?.y ?? 0).toBeGreaterThan(viewport.height / 2);
      }
      await page.getByRole('button', { name: RESOURCE_CENTER_TEXTS.button }).click();
      const panel = page.getByRole('dialog', { name: RESOURCE_CENTER_TEXTS.button });
      await expect(panel.getByText(RESOURCE_CENTER_TEXTS.none)).toBeVisible();
      await expect(panel.getByRole('link', { name: RESOURCE_CENTER_TEXTS.supportEmail })).toHaveAttribute(
        'href',
        `mailto:${RESOURCE_CENTER_TEXTS.supportEmail}`,
      );
      await resize(page, viewport);
      expect(await axeProblems(page, `resource center open at ${viewport.width}`)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
  });

  test("lists the resources suggested for the page in view, for the user's account type", async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, 'admin');
    const name = unique('Aftercare guide');
    await admin.post('/api/v1/assets/', {
      asset_name: name,
      description: 'What to expect after the harvest',
      membership_ids: '2',
      sections: [{ url: '/profile' }],
      links: [{ name: 'Aftercare video', path: 'https://videos.example.test/aftercare' }],
    });
    const patient = await createUser(request, 'patient', { acceptAgreement: true });
    await loginAs(page, patient);
    await page.goto('/profile');
    await page.getByRole('button', { name: RESOURCE_CENTER_TEXTS.button }).click();
    const panel = page.getByRole('dialog', { name: RESOURCE_CENTER_TEXTS.button });
    await expect(panel.getByRole('heading', { name })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Aftercare video' })).toHaveAttribute(
      'href',
      'https://videos.example.test/aftercare',
    );
    await expect(panel.getByText(RESOURCE_CENTER_TEXTS.none)).toBeHidden();
    await page.keyboard.press('Escape');

    // Another page: its own suggestions (none), not the previous page's.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: RESOURCE_CENTER_TEXTS.button }).click();
    await expect(panel.getByText(RESOURCE_CENTER_TEXTS.none)).toBeVisible();
    await expect(panel.getByRole('heading', { name })).toBeHidden();
  });
});
