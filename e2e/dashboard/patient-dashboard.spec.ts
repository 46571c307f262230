import { createPatientAccount } from '../patients/helpers.ts';
import { apiAs, expect, loginAs, test } from '../support/fixtures.ts';

test("the patient's stage follows the vial totals: some shipped, the rest still in storage", async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const patient = await createPatientAccount(request, admin, { first_name: 'Vera', last_name: 'Stored' });
  await admin.post('/api/v1/vials-history/', {
    user: patient.id,
    type: 'added',
    quantity: 10,
    date: '2026-01-05',
  });
  await admin.post('/api/v1/vials-history/', {
    user: patient.id,
    type: 'shipped',
    quantity: 3,
    date: '2026-01-20',
    tracking_id: 'TRK-3',
  });

  await loginAs(page, patient);
  await page.goto('/dashboard');
  const card = page.locator('.mantine-Card-root').filter({ hasText: 'Where your tissue is' });
  await expect(card.getByText('3 of your vials have been shipped')).toBeVisible();
  await expect(card.getByText('7 vials remain in storage.')).toBeVisible();
  await expect(card.getByText('Your vials have been shipped', { exact: true })).toBeHidden();

  // Once the last ones leave, all of them have been shipped.
  await admin.post('/api/v1/vials-history/', {
    user: patient.id,
    type: 'shipped',
    quantity: 7,
    date: '2026-02-02',
    tracking_id: 'TRK-7',
  });
  await page.reload();
  await expect(card.getByText('Your vials have been shipped', { exact: true })).toBeVisible();
  await expect(card.getByText(/remain in storage/)).toBeHidden();
});

test('Order Your Vials shows no discount line without a coupon', async ({ page }) => {
  await loginAs(page, 'patient');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Order Your Vials' }).click();
  await expect(page.getByRole('heading', { name: 'Order Your Vials', level: 1 })).toBeVisible();
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
  await expect(page.getByText(/-\$0\.00/)).toHaveCount(0);
});
