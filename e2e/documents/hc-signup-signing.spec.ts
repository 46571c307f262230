import { DOCUMENT_TEXTS, type TSignLinkResponse } from '../../shared/src/documents.ts';
import { expect, test, unique } from '../support/fixtures.ts';

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
