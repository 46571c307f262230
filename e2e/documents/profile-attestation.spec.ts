import type { APIRequestContext } from '@playwright/test';
import { DOCUMENT_TEXTS } from '../../shared/src/documents.ts';
import { searchForUser } from '../accounts/accounts-helpers.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';

/** A harvest center of the test's own (signing gives it a template for good), past the agreement. */
async function createCenter(request: APIRequestContext) {
  const admin = await apiAs(request, 'admin');
  const account = { email: `${unique('center')}@example.com`, password: 'center-password-1' };
  const created = await admin.post<{ id: number }>('/api/v1/users/', {
    subscription: 4,
    first_name: 'Cora',
    last_name: 'Center',
    company: 'Cora Harvest Center',
    ...account,
  });
  const center = await apiAs(request, account);
  const accepted = await request.patch(`/api/v1/users/${created.id}/`, {
    headers: { authorization: `Token ${center.token}` },
    data: { check_agreement: true },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return account;
}

test('a harvest center without a template signs its attestation from its profile', async ({
  page,
  request,
}) => {
  const account = await createCenter(request);
  await loginAs(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: DOCUMENT_TEXTS.signAttestation }).click();
  const dialog = page.getByRole('dialog', { name: DOCUMENT_TEXTS.signAttestation });
  // The title above the document; the rendered PDF page (a figure) carries the same words once drawn.
  await expect(dialog.getByText('L2 Bio Screening Questionnaire and Attestation').first()).toBeVisible();
  await dialog.getByLabel(DOCUMENT_TEXTS.consent).check();
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog.getByText(DOCUMENT_TEXTS.closePopUp)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Reloaded: the center has its template now, so the button is gone.
  await expect(page.getByLabel('Template ID')).not.toHaveValue('');
  await expect(page.getByRole('button', { name: DOCUMENT_TEXTS.signAttestation })).toHaveCount(0);
});

test("an admin opens a center's attestation with Sign Document from the user list", async ({
  page,
  request,
}) => {
  const account = await createCenter(request);
  await loginAs(page, 'admin');
  await page.goto('/dashboard');
  await searchForUser(page, account.email);
  const actions = page.getByRole('button', { name: `Actions for ${account.email}` });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Sign Document' }).click();
  const dialog = page.getByRole('dialog', { name: /^Sign Document/ });
  await expect(dialog.getByText('For Cora Center')).toBeVisible();
  await dialog.getByLabel(DOCUMENT_TEXTS.consent).check();
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Signed: the center has a template, and the action is no longer offered.
  await actions.click();
  await expect(page.getByRole('menuitem', { name: 'Edit user' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sign Document' })).toHaveCount(0);
});
