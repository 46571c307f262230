import { expect, test } from '../support/fixtures.ts';

// The fixture fails any test whose page reports a CSP violation; these pages have their own policies.
test.describe('security headers in the browser', () => {
  test('the API documentation renders under its policy', async ({ page }) => {
    const response = await page.goto('/api/docs/');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { name: /Portal API/ })).toBeVisible();
    await expect(page.getByText('/api/admin/login/').first()).toBeVisible();
  });

  test('the app page carries a nonce policy and its assets come pre-compressed', async ({ page }) => {
    const response = await page.goto('/');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    const script = await page.locator('script[type=module]').first().getAttribute('src');
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const asset = await page.request.get(script as string, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
