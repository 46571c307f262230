import { HC_LOGO_TEXTS } from '../../shared/src/hc-profile.ts';
import { expect, loginAs, test } from '../support/fixtures.ts';
import { createUser } from './accounts-helpers.ts';

/** A 2×2 PNG: the smallest logo the upload accepts as an image. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

test('an HC uploads its logo and sees it in the header; an SVG is refused', async ({ page, request }) => {
  const center = await createUser(request, 'harvest-center', { acceptAgreement: true });
  const company = `${center.last_name} Clinic`;
  await loginAs(page, { email: center.email, password: center.password });
  await page.goto('/hc-profile');
  await expect(page.getByRole('heading', { name: 'HC Profile', level: 1 })).toBeVisible();
  await expect(page.getByText('No logo yet.')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: `${company} logo` })).toHaveCount(0);

  // Mantine's file input keeps the real <input type=file> beside the button that shows the label.
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'PNG, JPEG or WebP' })).toBeVisible();

  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText(HC_LOGO_TEXTS.updated)).toBeVisible();
  const headerLogo = header.getByRole('img', { name: `${company} logo` });
  await expect(headerLogo).toBeVisible();
  await expect.poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await page.reload();
  await expect(header.getByRole('img', { name: `${company} logo` })).toBeVisible();
});
