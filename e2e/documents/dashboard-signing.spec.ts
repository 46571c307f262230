import { DOCUMENT_TEXTS } from '../../shared/src/documents.ts';
import { createPatientAccount, patchAs } from '../patients/helpers.ts';
import { apiAs, expect, loginAs, test } from '../support/fixtures.ts';

test('a patient signs a Pending document from the dashboard with a typed signature', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const hc = await apiAs(request, 'hc');
  const patient = await createPatientAccount(request, admin, { first_name: 'Tia', last_name: 'Typed' });
  await patchAs(request, admin, `/api/v1/patients/${patient.id}/`, { harvest_center_temporal: hc.user.id });
  await hc.post('/api/v1/documents/send/', {
    harvest_center_id: hc.user.id,
    name: 'Tia Typed',
    email: patient.email,
    patient_id: patient.id,
  });

  await loginAs(page, patient);
  await page.goto('/dashboard');
  const table = page.getByRole('table').filter({ hasText: 'Storage Agreement' });
  await expect(table.getByRole('button', { name: /^Sign / })).toHaveCount(3);

  await table.getByRole('button', { name: 'Sign Storage Agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Document' });
  await expect(dialog.getByText('For Tia Typed')).toBeVisible();
  await dialog.getByLabel(DOCUMENT_TEXTS.consent).check();
  await expect(dialog.getByLabel('Type your full name')).toHaveValue('Tia Typed');
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: DOCUMENT_TEXTS.signatureCompleted })).toBeVisible();
  await expect(dialog.getByText(DOCUMENT_TEXTS.closePopUp)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The list reloads: the signed one opens, the other two still wait.
  await expect(dialog).toBeHidden();
  await expect(
    table.getByRole('link', { name: `${DOCUMENT_TEXTS.seeDocument}: Storage Agreement` }),
  ).toBeVisible();
  await expect(table.getByRole('button', { name: /^Sign / })).toHaveCount(2);
});

test('the signing page without a documentId says so', async ({ page }) => {
  await page.goto('/sign-your-document');
  await expect(page.getByRole('alert')).toHaveText(DOCUMENT_TEXTS.missingDocumentId);
});
