import type { Page } from '@playwright/test';
import { COMMON_PASSWORD_MESSAGE } from '../../shared/src/auth.ts';
import { DOCUMENT_TEXTS, type TSignLinkResponse } from '../../shared/src/documents.ts';
import { SIGN_UP_FAILED_MESSAGE } from '../../shared/src/sign-up.ts';
import { apiAs, expect, test, unique } from '../support/fixtures.ts';

/** Fills the HC sign-up form's first step (the company a new one each time) and presses Next. */
async function fillCenterForm(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByLabel('Company').fill(unique(`${person.lastName} Clinic`));
  await page.getByLabel('Clinic Phone').fill('5125550100');
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('Texas');
  await page.getByLabel('Country').fill('United States');
  await page.getByRole('button', { name: 'Next' }).click();
}

test('a center signing up signs its attestation; the completed page keeps its template for the sign-up form', async ({
  page,
  request,
}) => {
  // Step 2 of the HC sign-up (issue 11 builds the form): the public embedded signing request.
  const email = `${unique('signup')}@example.com`;
  const answer = await request.post('/auth/boldsign/', { data: { name: 'Nora Newcenter', email } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { signLink, documentId } = (await answer.json()) as TSignLinkResponse;

  await page.goto(signLink);
  await page.getByLabel(DOCUMENT_TEXTS.consent).check();
  await expect(page.getByLabel('Type your full name')).toHaveValue('Nora Newcenter');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();

  await expect(page).toHaveURL(/\/hc-signed-completed-message\?/);
  expect(new URL(page.url()).searchParams.get('documentId')).toBe(documentId);
  await expect(page.getByRole('heading', { name: DOCUMENT_TEXTS.signatureCompleted })).toBeVisible();
  await expect(page.getByText(DOCUMENT_TEXTS.submitRegistration)).toBeVisible();
  // What the sign-up form reads (web/src/components/signing/harvest-center-signing.ts).
  const kept = await page.evaluate(() => ({
    template: localStorage.getItem('portal.template'),
    document: localStorage.getItem('portal.document'),
    signing: localStorage.getItem('portal.signing'),
  }));
  expect(kept).toEqual({ template: expect.stringMatching(/.+/), document: documentId, signing: 'true' });
});

test('signing in the HC sign-up dialog (button or Enter) posts no sign-up until the user presses Submit', async ({
  page,
  request,
}) => {
  test.slow();
  const rep = await apiAs(request, 'rep');
  const signUps: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/v1/harvest-centers/')
      signUps.push(sent.url());
  });
  const email = `${unique('dialog-hc')}@example.com`;
  await page.goto(`/harvest-center-registration?srid=${rep.user.id}`);
  await fillCenterForm(page, { firstName: 'Dana', lastName: 'Dialog', email, password: 'a-strong-password' });

  await page.getByRole('button', { name: 'Sign the attestation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Harvest Center Attestation' });
  // A first try without consent: the dialog's own form refuses it, and only the dialog's.
  await dialog.getByLabel('Type your full name').press('Enter');
  await expect(dialog.getByText('Please agree to sign electronically')).toBeVisible();
  await dialog.getByLabel(DOCUMENT_TEXTS.consent).check();
  // The error goes with its cause, not at the next Sign.
  await expect(dialog.getByText('Please agree to sign electronically')).toBeHidden();
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: DOCUMENT_TEXTS.signatureCompleted })).toBeVisible();
  // What comes next, in the spec's words (part 2 §2, issue 42).
  await expect(dialog.getByText(DOCUMENT_TEXTS.submitRegistration)).toBeVisible();
  // The page learns of the signature from the signing service, and still waits for Submit.
  await expect(page.getByText('The attestation is signed. Submit to create the account.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText(SIGN_UP_FAILED_MESSAGE)).toBeHidden();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(signUps).toEqual([]);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Created' }).getByText(email)).toBeVisible();
  expect(signUps).toHaveLength(1);
});

test('a common password is refused at Next, on its field, before the attestation is signed (issue 42)', async ({
  page,
  request,
}) => {
  const rep = await apiAs(request, 'rep');
  await page.goto(`/harvest-center-registration?srid=${rep.user.id}`);
  await fillCenterForm(page, {
    firstName: 'Cora',
    lastName: 'Common',
    email: `${unique('common-hc')}@example.com`,
    password: 'password1',
  });

  const password = page.getByLabel('Password');
  // The field itself says why (its description carries the error).
  await expect(page.getByText(COMMON_PASSWORD_MESSAGE)).toBeVisible();
  await expect(password).toHaveAccessibleDescription(/too common/);
  await expect(page.getByRole('button', { name: 'Sign the attestation' })).toBeHidden();

  await password.fill('a-strong-password');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Sign the attestation' })).toBeVisible();
});
