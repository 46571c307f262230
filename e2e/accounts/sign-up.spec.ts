import type { Page } from '@playwright/test';
import { DOCUMENT_TEXTS } from '../../shared/src/documents.ts';
import { drawSignature } from '../documents/helpers.ts';
import { apiAs, expect, loginAs, loginThroughForm, test, unique } from '../support/fixtures.ts';
import { deliveredMails } from '../support/mail.ts';

const PASSWORD = 'a-strong-password';

async function fillPerson(page: Page, email: string, last: string) {
  await page.getByLabel('First Name').fill('Nova');
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
}

async function fillAddress(page: Page) {
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('Texas');
  await page.getByLabel('Country').fill('United States');
}

/** The confirmation link of the welcome mail delivered to `to`. */
async function confirmationLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await deliveredMails(to))
        .map((mail) => /http:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(mail)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

test("a rep's link: the HC signs its attestation with a drawn signature, confirms its e-mail and signs in; the rep sees it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const rep = await apiAs(request, 'rep');
  const email = `${unique('new-hc')}@example.com`;
  const company = unique('Nova Clinic');

  await page.goto(`/harvest-center-registration?srid=${rep.user.id}`);
  await expect(page.getByRole('heading', { name: 'New Harvest Center' })).toBeVisible();
  await fillPerson(page, email, 'Center');
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Clinic Phone').fill('5125550100');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: nothing to submit until the signing service says the attestation is signed.
  await expect(page.getByRole('button', { name: 'waiting to complete process...' })).toBeDisabled();
  await page.getByRole('button', { name: 'Sign the attestation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Harvest Center Attestation' });
  await dialog.getByLabel(DOCUMENT_TEXTS.consent).check();
  await dialog
    .locator('label')
    .filter({ hasText: /^Draw$/ })
    .click();
  await drawSignature(page);
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: DOCUMENT_TEXTS.signatureCompleted })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();

  const created = page.getByRole('dialog', { name: 'Created' });
  await expect(created.getByText(email)).toBeVisible();
  await created.getByRole('link', { name: 'Login Page' }).click();

  // Not before the e-mail is confirmed; then the dashboard.
  await loginThroughForm(page, email, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Confirm your e-mail address' })).toBeVisible();
  await page.goto(await confirmationLink(email));
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  await loginThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  const centers = await rep.get<{ results: { company: string; template_id: string }[] }>(
    `/api/v1/harvest-centers/sales-rep/${rep.user.id}/?search=${encodeURIComponent(company)}`,
  );
  expect(centers.results).toEqual([
    expect.objectContaining({ company, template_id: expect.stringMatching(/.+/) }),
  ]);
});

test("HC staff signs up from the HC's staff link and appears in its staff list", async ({
  page,
  browser,
}) => {
  await loginAs(page, 'hc');
  await page.goto('/staff-view');
  const link = await page.getByRole('textbox', { name: 'Staff Sign-up Link' }).inputValue();
  expect(link).toMatch(/\/hc-staff-registration\?hcid=\d+$/);

  const email = `${unique('new-staff')}@example.com`;
  const visitor = await browser.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'New HC Staff Account' })).toBeVisible();
  await expect(visitor.getByText('Joining')).toBeVisible();
  await fillPerson(visitor, email, 'Staff');
  await fillAddress(visitor);
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByRole('dialog', { name: 'Created' })).toBeVisible();
  await visitor.close();

  await page.reload();
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
});

test('a sign-up link with an unknown rep goes to the guest route', async ({ page }) => {
  await page.goto('/harvest-center-registration?srid=999999');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.goto('/admin-registration-process');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});
