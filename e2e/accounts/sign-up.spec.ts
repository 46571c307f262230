import type { Page } from '@playwright/test';
import { DOCUMENT_TEXTS } from '../../shared/src/documents.ts';
import { drawSignature } from '../documents/helpers.ts';
import {
  apiAs,
  DEMO_PASSWORD,
  expect,
  loginAs,
  loginThroughForm,
  test,
  unique,
} from '../support/fixtures.ts';
import { deliveredMails } from '../support/mail.ts';
import { finishSignInInBrowser } from '../support/second-factor.ts';

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
  // A harvest center sets up its second factor right after its password (decision 031).
  await finishSignInInBrowser(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  const centers = await rep.get<{ results: { company: string; template_id: string }[] }>(
    `/api/v1/harvest-centers/sales-rep/${rep.user.id}/?search=${encodeURIComponent(company)}`,
  );
  expect(centers.results).toEqual([
    expect.objectContaining({ company, template_id: expect.stringMatching(/.+/) }),
  ]);
});

test("HC staff signs up from the HC's staff link, gets in while pending, and joins its staff once the HC approves", async ({
  page,
  browser,
}) => {
  test.slow();
  await loginAs(page, 'hc');
  await page.goto('/staff-view');
  const linkBox = page.getByRole('textbox', { name: 'Staff Sign-up Link' });
  await expect(linkBox).toHaveValue(/token=/);
  const link = await linkBox.inputValue();
  // The link carries the center's join token: its id alone leads nowhere.
  expect(link).toMatch(/\/hc-staff-registration\?hcid=\d+&token=[\w-]{32,}$/);

  const email = `${unique('new-staff')}@example.com`;
  const visitor = await browser.newPage();
  await visitor.goto(link.replace(/&token=.*/, ''));
  await expect(visitor.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'New HC Staff Account' })).toBeVisible();
  await expect(visitor.getByText('Joining')).toBeVisible();
  await fillPerson(visitor, email, 'Staff');
  await fillAddress(visitor);
  await visitor.getByRole('button', { name: 'Submit' }).click();
  const created = visitor.getByRole('dialog', { name: 'Created' });
  await expect(created).toBeVisible();
  await expect(created).toContainText('asked to approve your request');

  // While the center has not decided, the new staff member confirms its e-mail, signs in, accepts
  // the membership agreement (no company asked: the staff form has none) and reaches its dashboard.
  await visitor.goto(await confirmationLink(email));
  await expect(visitor.getByText('Your e-mail address is confirmed')).toBeVisible();
  await loginThroughForm(visitor, email, PASSWORD);
  await finishSignInInBrowser(visitor, email);
  await visitor.getByLabel('I have read and accept the Private Membership Agreement').check();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByRole('heading', { name: 'Private Membership Agreement' })).toBeHidden();
  await expect(visitor.getByRole('heading', { name: 'Associated Harvest Centers' })).toBeVisible();
  await expect(visitor.getByText(/: Waiting for approval \(asked on /)).toBeVisible();
  await visitor.close();

  // Pending: a request, not a staff member yet.
  await page.reload();
  const staffTable = page.getByRole('table').last();
  await expect(page.getByRole('heading', { name: 'Requests to join' })).toBeVisible();
  const request = page.getByRole('row').filter({ hasText: email });
  await expect(request).toHaveCount(1);
  await request.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText('The request has been approved.')).toBeVisible();
  await expect(staffTable.getByRole('cell', { name: email, exact: true })).toBeVisible();
});

test('renewing the staff link voids the old one', async ({ page, browser }) => {
  // Another demo center than the other tests', so their links stay valid while they run.
  await loginAs(page, { email: 'miami.hc@example.com', password: DEMO_PASSWORD });
  await page.goto('/staff-view');
  const linkBox = page.getByRole('textbox', { name: 'Staff Sign-up Link' });
  await expect(linkBox).toHaveValue(/token=/);
  const old = await linkBox.inputValue();
  await page.getByRole('button', { name: 'Renew link' }).click();
  await page
    .getByRole('dialog', { name: 'Renew the staff sign-up link' })
    .getByRole('button', { name: 'Renew link' })
    .click();
  await expect(linkBox).not.toHaveValue(old);
  const visitor = await browser.newPage();
  await visitor.goto(old);
  await expect(visitor.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await visitor.goto(await linkBox.inputValue());
  await expect(visitor.getByRole('heading', { name: 'New HC Staff Account' })).toBeVisible();
  await visitor.close();
});

test('a sign-up link with an unknown rep goes to the guest route', async ({ page }) => {
  await page.goto('/harvest-center-registration?srid=999999');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.goto('/admin-registration-process');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test("the 'Created' dialog shows a long e-mail whole on a phone (issue 42)", async ({ page, browser }) => {
  // A demo center no other test uses: its pending join request shows in no other test's lists.
  await loginAs(page, { email: 'boulder.hc@example.com', password: DEMO_PASSWORD });
  await page.goto('/staff-view');
  const linkBox = page.getByRole('textbox', { name: 'Staff Sign-up Link' });
  await expect(linkBox).toHaveValue(/token=/);
  const link = await linkBox.inputValue();
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  // One unbroken string far wider than the dialog: it must wrap, not run out of sight.
  const email = `${unique('a-very-long-mailbox-name-for-the-front-desk-of-a-clinic')}@harvest-network.example.com`;
  await visitor.goto(link);
  await fillPerson(visitor, email, 'Staff');
  await fillAddress(visitor);
  await visitor.getByRole('button', { name: 'Submit' }).click();
  const created = visitor.getByRole('dialog', { name: 'Created' });
  const shown = created.getByText(email, { exact: true });
  await expect(shown).toBeVisible();
  const dialogBox = await created.boundingBox();
  const emailBox = await shown.boundingBox();
  expect(emailBox && dialogBox && emailBox.x + emailBox.width <= dialogBox.x + dialogBox.width).toBe(true);
  expect(await shown.evaluate((element) => element.getBoundingClientRect().right <= window.innerWidth)).toBe(
    true,
  );
  await visitor.close();
});
