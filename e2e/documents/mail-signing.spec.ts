import { DOCUMENT_TEXTS } from '../../shared/src/documents.ts';
import { rowWith, search } from '../patients/helpers.ts';
import { expect, loginAs, test, unique } from '../support/fixtures.ts';
import { deliveredSigningLinks, drawSignature } from './helpers.ts';

test('an HC requests signatures, the patient signs all three from the mail with a drawn signature, HC and admin see them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `${unique('signer')}@example.com`;
  const name = 'Dana Drawn';

  // The harvest center asks for the three signatures.
  await loginAs(page, 'hc');
  await page.goto('/patients-signatures');
  await page.getByRole('link', { name: 'Request Signatures' }).click();
  await expect(page).toHaveURL(/\/request-patients-signatures$/);
  await page.getByLabel('Patient Name').fill(name);
  await page.getByLabel('Patient Email').fill(email);
  await page.getByRole('button', { name: 'Send Documents' }).click();
  const sent = page.getByRole('dialog', { name: 'Documents sent' });
  await expect(sent.getByText(DOCUMENT_TEXTS.sent)).toBeVisible();
  await sent.getByRole('button', { name: 'Close' }).click();

  // The patient, in a browser of its own without any session, signs each from the mail's link.
  const links = await deliveredSigningLinks(email, 3);
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  for (const link of links) {
    await patient.goto(link);
    await expect(patient.getByRole('heading', { name: 'Sign Your Document' })).toBeVisible();
    await expect(patient.getByText(`For ${name} (${email})`)).toBeVisible();
    await expect(
      patient
        .getByRole('region', { name: /\(PDF\)$/ })
        .getByRole('figure')
        .first(),
    ).toBeVisible();
    await patient.getByLabel(DOCUMENT_TEXTS.consent).check();
    // The choice is a segmented control: its radios are visually hidden behind their labels.
    await patient
      .locator('label')
      .filter({ hasText: /^Draw$/ })
      .click();
    await expect(patient.getByRole('radio', { name: 'Draw' })).toBeChecked();
    await drawSignature(patient);
    await patient.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(patient).toHaveURL(/\/patient-signed-completed-message-from-email/);
    await expect(patient.getByRole('heading', { name: DOCUMENT_TEXTS.signatureCompleted })).toBeVisible();
    await expect(patient.getByText(DOCUMENT_TEXTS.closeWindow)).toBeVisible();
  }
  // A link works once.
  await patient.goto(links[0]);
  await expect(patient.getByRole('alert')).toContainText('This document has already been signed.');
  await patientContext.close();

  // The HC sees the three Completed and opens one: a PDF.
  await page.goto('/patients-signatures');
  await search(page, 'Search documents', email);
  const rows = page.getByRole('row').filter({ hasText: email });
  await expect(rows).toHaveCount(3);
  await expect(rows.getByRole('link', { name: /^see document/ })).toHaveCount(3);
  const pdfResponse = page
    .context()
    .waitForEvent('response', (response) => /\/media\/[\w-]+\.pdf/.test(response.url()));
  const popup = page.waitForEvent('popup');
  await rows
    .first()
    .getByRole('link', { name: /^see document/ })
    .click();
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  await (await popup).close();

  // The admin finds them among the patient documents.
  const admin = await browser.newPage();
  await loginAs(admin, 'admin');
  await admin.goto('/documents/patients');
  await search(admin, 'Search documents', email);
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(3);
  await expect(
    rowWith(admin, 'Attestation Agreement').getByRole('link', { name: /^see document/ }),
  ).toBeVisible();
  await admin.close();
});

test('a mistyped or unknown signing link says it is not valid, in words for the signer', async ({ page }) => {
  for (const query of [
    'documentId=15&token=bad',
    'documentId=15&token=',
    `documentId=no-such-document&token=${'a'.repeat(43)}`,
  ]) {
    await page.goto(`/sign-your-document?${query}`);
    const refusal = page.getByRole('alert').filter({ hasText: 'This document cannot be signed' });
    await expect(refusal).toContainText('This signing link is not valid. Ask for a new one.');
    await expect(page.getByText(/Token|characters/)).toHaveCount(0);
    await expect(refusal.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  }
});
