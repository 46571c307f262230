import { type DnsStub, startDnsStub } from '../../server/test/helpers/dns-stub.ts';
import { WHITE_LABEL_TEXTS } from '../../shared/src/white-label.ts';
import { axeProblemsAtBothWidths } from '../a11y/a11y-checks.ts';
import { expect, loginAs, test, unique } from '../support/fixtures.ts';

// The portal asks this DNS stub (WHITE_LABEL_DNS_SERVERS in playwright.config.ts): nothing leaves the machine.
const DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 3153);
let dns: DnsStub;
test.beforeAll(async () => {
  dns = await startDnsStub(DNS_PORT);
});
test.afterAll(async () => {
  await dns.close();
});

// A 4×4 PNG.
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4wcUFRwzEcQBxow3BEaUw2QAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin registers a white-label domain: the four steps, Waiting until its A record points here, SSL, the live link', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const host = `${unique('clinic')}.example.com`;
  await loginAs(page, 'admin');
  await page.goto('/white-label-registration');
  await expect(page.getByRole('heading', { name: 'White Label Registration' })).toBeVisible();

  // Everything required is asked for before anything is sent.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The logo is required')).toBeVisible();

  await page.getByLabel('Title').fill('Sunrise Clinics');
  await page.getByLabel('URL').fill(`http://${host}`);
  await page.getByLabel('Sender e-mail').fill(`hello@${host}`);
  // Mantine's file input keeps the real <input type=file> beside the button that shows the label.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Sunrise');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(`admin@${host}`);
  await page.getByLabel('Password').fill('sunrise-admin-password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(WHITE_LABEL_TEXTS.urlHttps)).toBeVisible();
  // An IP address or a local name would turn the portal's checks at its own network.
  await page.getByLabel('URL').fill('https://169.254.169.254');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(WHITE_LABEL_TEXTS.urlIpAddress)).toBeVisible();
  await page.getByLabel('URL').fill(`https://${host}`);
  await page.getByRole('button', { name: 'Register' }).click();

  const steps = page.getByRole('list', { name: 'Registration steps' });
  for (const label of ['White label info', 'Email configuration', 'Admin user', 'Server configuration']) {
    await expect(steps.getByText(`${label} — completed`)).toBeVisible({ timeout: 15_000 });
  }
  // The wizard's state after the action, with its step icons: axe at both widths.
  expect(await axeProblemsAtBothWidths(page, 'white-label steps')).toEqual([]);
  // The new domain's facts, a row each: its host, the A record to set, its status and the check.
  const domain = page.getByRole('table', { name: `Domain ${host}` });
  await expect(domain.getByText('127.0.0.1')).toBeVisible();
  await expect(domain.getByText(WHITE_LABEL_TEXTS.waiting)).toBeVisible();

  // No A record yet: still Waiting, and the page says why.
  await domain.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'no A record' })).toBeVisible();
  await expect(domain.getByText(WHITE_LABEL_TEXTS.waiting)).toBeVisible();

  dns.records.set(host, '127.0.0.1');
  await domain.getByRole('button', { name: 'Check Status' }).click();
  await expect(domain.getByText(WHITE_LABEL_TEXTS.up)).toBeVisible();
  await expect(page.getByText('SSL certificate: completed')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: WHITE_LABEL_TEXTS.congratulations });
  await expect(dialog.getByRole('link', { name: `https://${host}` })).toHaveAttribute(
    'href',
    `https://${host}`,
  );
  expect(await axeProblemsAtBothWidths(page, 'white-label live')).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The domain's row in the list (a run against the same server may have listed other Sunrise Clinics).
  await expect(page.getByRole('row', { name: new RegExp(`Sunrise Clinics https://${host}`) })).toContainText(
    'Up and Running',
  );
});
