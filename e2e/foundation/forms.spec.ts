import { POSTAL_CODE_HINT } from '../../shared/src/sign-up.ts';
import { rowWith, search } from '../patients/helpers.ts';
import { apiAs, DEMO_ACCOUNTS, expect, loginAs, test, unique } from '../support/fixtures.ts';

/*
 * The one form pattern (web/src/components/form.tsx) as a person meets it: a field is judged when it is
 * left after an edit, then as it changes; an error goes as soon as its field is fixed, without a
 * submit; the required marks are the schema's.
 */

test('adding a patient: a left field is judged, and each error clears as its field is fixed', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/patients');
  await page.getByRole('button', { name: 'Add Patient' }).click();
  const add = page.getByRole('dialog', { name: 'Add Patient' });
  const email = add.getByLabel('Email');

  // Passing through an empty field says nothing; leaving an edited one tells what is wrong.
  await add.getByLabel('Last Name').focus();
  await add.getByLabel('Last Name').press('Tab');
  await expect(add.getByText('Last name is required')).toBeHidden();
  await email.fill('ada@');
  await email.press('Tab');
  await expect(add.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill(`${unique('ada')}@example.com`);
  await expect(add.getByText('Enter a valid e-mail address')).toBeHidden();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  // Leaving a field for the button: its error appears after the click, which still submits.
  await add.getByLabel('First Name').fill('A');
  await add.getByLabel('First Name').fill('');
  await add.getByRole('button', { name: 'Add Patient' }).click();
  await expect(add.getByText('First name is required')).toBeVisible();
  await expect(add.getByText('Last name is required')).toBeVisible();
  await add.getByLabel('First Name').fill('Ada');
  await expect(add.getByText('First name is required')).toBeHidden();
  // After a submit every field is judged as it changes, the others keep their errors.
  await expect(add.getByText('Last name is required')).toBeVisible();
  await add.getByLabel('Last Name').fill('Fixed');
  await expect(add.getByText('Last name is required')).toBeHidden();
});

test("the server's refusal about a field goes once the field is fixed", async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const hc = await apiAs(request, 'hc');
  const email = `${unique('refused')}@example.com`;
  await admin.post('/api/v1/patients/', {
    first_name: 'Rhoda',
    last_name: 'Refused',
    email,
    harvest_center_temporal: hc.user.id,
  });
  await loginAs(page, 'admin');
  await page.goto('/patients');
  await search(page, 'Search patients', email);
  await rowWith(page, email)
    .getByRole('button', { name: /View patient/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Patient Data' });
  // Another account's e-mail: only the server knows it is taken.
  await dialog.getByLabel('Email').fill(DEMO_ACCOUNTS.hc);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Email').fill(`${unique('free')}@example.com`);
  await expect(dialog.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(refusal).toBeHidden();
});

test('the required marks are those of the schema that validates', async ({ page, request }) => {
  const rep = await apiAs(request, 'rep');
  const required = (label: string) =>
    expect(page.getByRole('textbox', { name: label, exact: true })).toHaveAttribute('aria-required', 'true');
  const optional = (label: string) =>
    expect(page.getByRole('textbox', { name: label, exact: true })).not.toHaveAttribute(
      'aria-required',
      'true',
    );

  // Part 2 §5: an HC gives its address, company and clinic phone; its postal code may be left blank.
  await page.goto(`/harvest-center-registration?srid=${rep.user.id}`);
  await expect(page.getByRole('heading', { name: 'New Harvest Center' })).toBeVisible();
  for (const label of [
    'First Name',
    'Email',
    'Password',
    'Company',
    'Clinic Phone',
    'Address line 1',
    'City',
    'State',
    'Country',
  ])
    await required(label);
  await optional('Address line 2');
  await optional('Postal code');
  await expect(page.getByText(POSTAL_CODE_HINT)).toBeVisible();

  // An RHC must give its postal code: no "leave blank" beside it.
  await page.goto(`/referral-harvest-center-registration?srid=${rep.user.id}`);
  await expect(page.getByRole('heading', { name: 'New Referral Harvest Center' })).toBeVisible();
  await required('Postal code');
  await expect(page.getByText(POSTAL_CODE_HINT)).toBeHidden();

  // A sales rep's address is optional.
  await page.goto('/sales-rep-registration');
  await expect(page.getByRole('heading', { name: 'New Sales Rep' })).toBeVisible();
  await optional('Address line 1');

  // Fields that start filled are marked as well.
  await loginAs(page, 'hc');
  await page.goto('/profile');
  await expect(page.getByLabel('First Name')).toHaveValue(/.+/);
  for (const label of ['First Name', 'Last Name', 'Phone Number', 'Email', 'Company']) await required(label);
  await optional('Postal Code');

  const adminPage = await page.context().browser()!.newPage();
  await loginAs(adminPage, 'admin');
  await adminPage.goto('/white-label-registration');
  const url = adminPage.getByRole('textbox', { name: 'URL', exact: true });
  await expect(url).toHaveValue('https://');
  await expect(url).toHaveAttribute('aria-required', 'true');
  await adminPage.close();
});
