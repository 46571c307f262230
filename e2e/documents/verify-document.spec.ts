import { type TPatientDocumentsResponse, VERIFY_MESSAGES } from '../../shared/src/documents.ts';
import { apiAs, expect, test } from '../support/fixtures.ts';

test('the verification page accepts a signed document and refuses a copy with one byte changed', async ({
  page,
  request,
}) => {
  // A document the demo patient signed (the seed signs them through the real service).
  const patient = await apiAs(request, 'patient');
  const documents = await patient.get<TPatientDocumentsResponse>(
    `/api/v1/documents/list/${patient.user.id}/`,
  );
  const completed = [documents.attestation, documents.processing, documents.storage].find(
    (document) => document?.status === 'Completed' && document.file_url,
  );
  expect(completed, 'the demo patient has a completed document').toBeTruthy();
  const download = await request.get(completed?.file_url ?? '');
  expect(download.headers()['content-type']).toContain('application/pdf');
  const signed = await download.body();

  // Linked from the login page, for anyone holding a signed document.
  await page.goto('/');
  await page.getByRole('link', { name: 'Verify a document' }).click();
  await expect(page.getByRole('heading', { name: 'Verify a Signed Document' })).toBeVisible();

  const file = page.locator('input[type="file"]');
  await file.setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: signed });
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: VERIFY_MESSAGES.valid })).toBeVisible();
  await expect(page.getByText(completed?.document_id ?? '')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Signed', exact: true })).toBeVisible();

  // One byte changed in the middle of the file: no longer the completed document.
  const altered = Buffer.from(signed);
  const middle = Math.floor(altered.length / 2);
  altered[middle] = altered[middle] ^ 0x01;
  await file.setInputFiles({ name: 'altered.pdf', mimeType: 'application/pdf', buffer: altered });
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: VERIFY_MESSAGES.altered })).toBeVisible();
  await expect(page.getByText(VERIFY_MESSAGES.valid)).toHaveCount(0);
});
