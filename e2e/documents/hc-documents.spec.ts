import { DOCUMENT_TEXTS } from '../../shared/src/documents.ts';
import { createPatientAccount, patchAs, rowWith, search } from '../patients/helpers.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';

/** The smallest file the server's type check takes for a PDF (its first bytes). */
const PAPER_COPY = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

test('an HC uploads a paper-signed agreement; a file that is not a PDF is refused beside its field', async ({
  page,
}) => {
  const email = `${unique('paper')}@example.com`;
  await loginAs(page, 'hc');
  await page.goto('/patients-signatures');
  await page.getByRole('link', { name: 'Upload Documents' }).click();
  await expect(page).toHaveURL(/\/upload-patient-documents$/);
  await page.getByLabel('Patient Name').fill('Paula Paper');
  await page.getByLabel('Patient Email').fill(email);

  // Mantine's file inputs keep the real <input type=file> beside the button that shows the label.
  const processing = page.locator('input[type="file"]').nth(1);
  await processing.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a pdf'),
  });
  await expect(page.getByText(/PDF/).and(page.locator('.mantine-InputWrapper-error'))).toBeVisible();

  await processing.setInputFiles({ name: 'processing.pdf', mimeType: 'application/pdf', buffer: PAPER_COPY });
  await expect(page.getByText('Ready')).toBeVisible();
  await page.getByRole('button', { name: 'Upload Documents' }).click();
  await expect(page.getByRole('status').filter({ hasText: DOCUMENT_TEXTS.uploaded })).toBeVisible();

  await page.goto('/patients-signatures');
  await search(page, 'Search documents', email);
  const row = rowWith(page, 'Paula Paper');
  await expect(row).toContainText('Processing Agreement (uploaded)');
  await expect(row.getByRole('link', { name: /^see document/ })).toBeVisible();
});

test('an HC cancels a pending request after confirming', async ({ page, request }) => {
  const hc = await apiAs(request, 'hc');
  const email = `${unique('cancel')}@example.com`;
  await hc.post('/api/v1/documents/send/', { harvest_center_id: hc.user.id, name: 'Carl Cancel', email });

  await loginAs(page, 'hc');
  await page.goto('/patients-signatures');
  await search(page, 'Search documents', email);
  const storage = page.getByRole('row').filter({ hasText: 'Storage Agreement' });
  await storage.getByRole('button', { name: /^Cancel request/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel signing request' });
  await dialog.getByRole('button', { name: 'Cancel request' }).click();
  await expect(dialog).toBeHidden();
  await expect(storage.getByRole('cell', { name: 'Voided' })).toBeVisible();
  await expect(storage.getByRole('button')).toHaveCount(0);
  // The other two still wait for the patient.
  await expect(page.getByRole('row').filter({ hasText: 'Pending' })).toHaveCount(2);
});

test("the HC sees a patient's documents in the patient view, with Sign on the pending ones", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const hc = await apiAs(request, 'hc');
  const patient = await createPatientAccount(request, admin, { first_name: 'Vera', last_name: 'Viewed' });
  await patchAs(request, admin, `/api/v1/patients/${patient.id}/`, { harvest_center_temporal: hc.user.id });
  await hc.post('/api/v1/documents/send/', {
    harvest_center_id: hc.user.id,
    name: 'Vera Viewed',
    email: patient.email,
    patient_id: patient.id,
  });

  await loginAs(page, 'hc');
  await page.goto('/dashboard');
  await search(page, 'Search patients', patient.email);
  await page.getByRole('button', { name: `View patient ${patient.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Patient Data' });
  const documents = dialog.getByRole('table').filter({ hasText: 'Storage Agreement' });
  await expect(documents.getByRole('cell', { name: 'Pending' })).toHaveCount(3);
  await expect(documents.getByRole('button', { name: /^Sign / })).toHaveCount(3);
});
