import { CARD_MESSAGES, SANDBOX_TEST_CARDS } from '../../shared/src/cards.ts';
import { CHECKOUT_TEXTS } from '../../shared/src/checkout.ts';
import { COUPON_REJECTIONS, COUPON_TEXTS } from '../../shared/src/coupons.ts';
import { rowWith } from '../patients/helpers.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { payWithNewCard } from './card-form.ts';

const CHECKOUT_FIELDS_SUMMARY = 'Please check the fields marked in red.';

/** A coupon of the test's own, made by the admin through the API. */
async function createCoupon(request: Parameters<typeof apiAs>[0], discountCents: number) {
  const admin = await apiAs(request, 'admin');
  const code = unique('E2E').replace(/-/g, '').toUpperCase().slice(0, 30);
  await admin.post('/api/v1/coupon-codes/', {
    name: 'E2E coupon',
    code,
    max_use_number: 1,
    discount_amount_cents: discountCents,
  });
  return code;
}

test('an HC pays the processing fee with a new card and a coupon and sees it in its history', async ({
  page,
  request,
}) => {
  const code = await createCoupon(request, 12_345);
  await loginAs(page, 'hc');
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Harvest Center Payments' })
    .getByRole('link', { name: 'Processing Fee' })
    .click();
  await expect(page).toHaveURL(/\/harvest-center\/checkout\/processing-fee$/);
  await expect(page.getByRole('heading', { name: 'Harvest Center Checkout', level: 1 })).toBeVisible();

  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Coupon applied')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('-$123.45');

  await payWithNewCard(page, SANDBOX_TEST_CARDS.visa);
  // The total must be there to be checked below: a missing one fails here, not silently later.
  const summaryTotal = page.getByTestId('summary-total');
  await expect(summaryTotal).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const total = ((await summaryTotal.textContent()) ?? '').trim();
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  const success = page.getByRole('dialog', { name: CHECKOUT_TEXTS.successTitle });
  await expect(success).toBeVisible();
  await expect(success).toContainText(total);
  const invoice = (await success.textContent())?.match(/Invoice (\d+)/)?.[1];
  expect(invoice).toBeTruthy();
  await success.getByRole('button', { name: 'Close' }).click();

  await page.goto('/hc-transaction-history');
  const row = rowWith(page, invoice as string);
  // Typed in lower case, kept and shown as the coupon's code (upper case).
  await expect(row).toContainText(code);
  await expect(row).toContainText(total);
  const receipt = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download receipt ${invoice}` }).click();
  expect((await receipt).suggestedFilename()).toBe(`receipt-${invoice}.pdf`);
});

test('a declined card shows the failure dialog with the reason', async ({ page }) => {
  await loginAs(page, 'hc');
  await page.goto('/harvest-center/checkout/product/3');
  await expect(page.getByRole('heading', { name: 'Checkout Product', level: 1 })).toBeVisible();
  await payWithNewCard(page, SANDBOX_TEST_CARDS.declined);
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  const failure = page.getByRole('dialog', { name: CHECKOUT_TEXTS.declinedTitle });
  await expect(failure).toContainText('The card was declined.');
  await failure.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: CHECKOUT_TEXTS.proceed })).toBeVisible();
});

test('products 2 and 14 need a patient: nothing is sent without one', async ({ page }) => {
  await loginAs(page, 'hc');
  await page.goto('/harvest-center/checkout/product/14');
  await expect(page.getByLabel('Shipping date')).toHaveCount(0);
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_TEXTS.selectPatient })).toBeVisible();
});

test('checkout errors follow the fields: a left field is judged, a fixed one clears, and so does the summary', async ({
  page,
}) => {
  await loginAs(page, 'hc');
  await page.goto('/harvest-center/checkout/product/3');
  await page.getByRole('radio', { name: CARD_MESSAGES.newPaymentOption }).check();
  const summary = page.getByRole('alert').filter({ hasText: CHECKOUT_FIELDS_SUMMARY });

  // Before any submit: a field left after an edit is judged, and clears once fixed.
  const cvc = page.getByLabel('CVC');
  await cvc.fill('12');
  await cvc.blur();
  await expect(page.getByText(CARD_MESSAGES.cvcInvalid)).toBeVisible();
  await expect(cvc).toHaveAttribute('aria-invalid', 'true');
  await cvc.fill('123');
  await expect(page.getByText(CARD_MESSAGES.cvcInvalid)).toBeHidden();

  // A submit shows every error and the summary; each error goes as its field is fixed, without submitting.
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  await expect(summary).toBeVisible();
  await expect(page.getByText(CARD_MESSAGES.holderRequired)).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await page.getByLabel('Full name').fill('Pat Payer');
  await expect(page.getByText(CARD_MESSAGES.holderRequired)).toBeHidden();
  await page.getByLabel('Card number').fill('4111 1111 1111 1112');
  await expect(page.getByText(CARD_MESSAGES.numberInvalid)).toBeVisible();
  await page.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.visa);
  await expect(page.getByText(CARD_MESSAGES.numberInvalid)).toBeHidden();
  await expect(summary).toBeVisible();
  await page.getByLabel('Expiration date').click();
  await page.getByRole('button', { name: 'Dec', exact: true }).click();
  await expect(page.getByText(CARD_MESSAGES.expirationRequired)).toBeHidden();
  await expect(summary).toBeHidden();

  // A later message is not hidden behind an earlier one: the order goes through.
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  await expect(page.getByRole('dialog', { name: CHECKOUT_TEXTS.successTitle })).toBeVisible();
});

test("an RHC's new patient: its errors clear as the fields are fixed, and the notices with them", async ({
  page,
}) => {
  await loginAs(page, 'rhc');
  await page.goto('/harvest-center/checkout/processing-fee');
  await page.getByLabel(CHECKOUT_TEXTS.createPatient).check();
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  const centerNotice = page.getByRole('alert').filter({ hasText: 'Please select a harvest center' });
  await expect(centerNotice).toBeVisible();
  // Every problem is told at once, not one per submit.
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_FIELDS_SUMMARY })).toBeVisible();
  // An empty phone is missing, not wrongly written (issue 42).
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByText('Phone number must contain digits only')).toBeHidden();

  await page.getByRole('combobox', { name: 'Patient harvest center' }).click();
  await page.getByRole('option', { name: 'Austin Harvest Center' }).click();
  await expect(centerNotice).toBeHidden();
  await page.getByLabel('Patient first name').fill('Rhea');
  await expect(page.getByText('First name is required')).toBeHidden();
  await page.getByLabel('Patient e-mail').fill('rhea@');
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await page.getByLabel('Patient e-mail').fill(`${unique('rhea')}@example.com`);
  await expect(page.getByText('Enter a valid e-mail address')).toBeHidden();
  await expect(page.getByText('Last name is required')).toBeVisible();
});

test("an RHC's referral creates the patient and, with Required Signature, sends the agreements", async ({
  page,
  request,
}) => {
  const email = `${unique('referred')}@example.com`;
  await loginAs(page, 'rhc');
  await page.goto('/harvest-center/checkout/processing-fee');
  await page.getByRole('combobox', { name: 'Patient harvest center' }).click();
  await page.getByRole('option', { name: 'Austin Harvest Center' }).click();
  await page.getByLabel(CHECKOUT_TEXTS.createPatient).check();
  await page.getByLabel('Patient first name').fill('Rhea');
  await page.getByLabel('Patient last name').fill('Referred');
  await page.getByLabel('Patient e-mail').fill(email);
  await page.getByLabel('Patient phone').fill('5125550111');
  await page.getByLabel(CHECKOUT_TEXTS.requiredSignature).check();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByTestId('summary-harvest-fee')).toHaveText('$2,500.00');
  await payWithNewCard(page, SANDBOX_TEST_CARDS.mastercard);
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  await expect(page.getByRole('dialog', { name: CHECKOUT_TEXTS.successTitle })).toBeVisible();

  // The new patient has the three agreements waiting for signature, and a mail with the links.
  const admin = await apiAs(request, 'admin');
  const users = await admin.get<{ results: { id: number; email: string }[] }>(
    `/api/admin/users/?search=${encodeURIComponent(email)}&limit=5&offset=0`,
  );
  const patient = users.results.find((u) => u.email === email);
  expect(patient).toBeTruthy();
  type Agreement = { status: string } | null;
  const documents = await admin.get<Record<'attestation' | 'processing' | 'storage', Agreement>>(
    `/api/v1/documents/list/${patient?.id}/`,
  );
  expect([documents.attestation?.status, documents.processing?.status, documents.storage?.status]).toEqual([
    'Pending',
    'Pending',
    'Pending',
  ]);
});

test('a patient with the vial tag orders vials for self', async ({ page }) => {
  await loginAs(page, 'patient');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Order Your Vials' }).click();
  await expect(page.getByRole('heading', { name: 'Order Your Vials', level: 1 })).toBeVisible();
  await page.getByLabel('Quantity').fill('2');
  await payWithNewCard(page, SANDBOX_TEST_CARDS.discover);
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  const success = page.getByRole('dialog', { name: CHECKOUT_TEXTS.successTitle });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an admin adds a coupon code from the Coupons List', async ({ page }) => {
  const code = unique('ADD').replace(/-/g, '').toUpperCase().slice(0, 30);
  await loginAs(page, 'admin');
  await page.goto('/coupon-manager');
  await expect(page.getByRole('heading', { name: COUPON_TEXTS.listTitle, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: COUPON_TEXTS.addTitle }).click();
  const dialog = page.getByRole('dialog', { name: COUPON_TEXTS.addTitle });
  await dialog.getByLabel('Name').fill('Spring');
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Discount amount ($)').fill('25');
  await dialog.getByLabel('Max use').fill('5');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(COUPON_TEXTS.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search coupons').fill(code);
  await expect(rowWith(page, code)).toContainText('$25.00');
});

test('a coupon refused when paying gets its red mark and its reason beside the field', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const code = unique('OFF').replace(/-/g, '').toUpperCase().slice(0, 30);
  const coupon = { name: 'E2E coupon', code, max_use_number: 0, discount_amount: '10.00', status: 1 };
  const { id } = await admin.post<{ id: number }>('/api/v1/coupon-codes/', coupon);
  await loginAs(page, 'hc');
  await page.goto('/harvest-center/checkout/product/3');
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Coupon applied')).toBeVisible();

  // Meanwhile the admin turns the coupon off.
  const off = await request.put(`/api/v1/coupon-codes/${id}/`, {
    headers: { authorization: `Token ${admin.token}` },
    data: { ...coupon, status: 0 },
  });
  expect(off.ok(), await off.text()).toBe(true);
  await payWithNewCard(page, SANDBOX_TEST_CARDS.visa);
  await page.getByRole('button', { name: CHECKOUT_TEXTS.proceed }).click();
  const failure = page.getByRole('dialog', { name: CHECKOUT_TEXTS.failedTitle });
  await expect(failure).toContainText(COUPON_REJECTIONS.inactive);
  await failure.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByLabel('Coupon not valid')).toBeVisible();
  await expect(page.getByText(COUPON_REJECTIONS.inactive)).toBeVisible();
});
