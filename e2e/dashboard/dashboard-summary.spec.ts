import type { Page } from '@playwright/test';
import type { TDashboardSummary } from '../../shared/src/dashboard.ts';
import { createUser } from '../accounts/accounts-helpers.ts';
import { rowWith, search } from '../patients/helpers.ts';
import { apiAs, type DemoRole, expect, loginAs, test, unique } from '../support/fixtures.ts';

/** Opens /dashboard and returns the summary the page itself received (other workers change the demo data). */
async function openDashboard(page: Page): Promise<TDashboardSummary> {
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/dashboard/summary/') && response.ok(),
  );
  await page.goto('/dashboard');
  return (await answered).json();
}

const summary = (page: Page) => page.getByRole('region', { name: 'Summary' });

test.describe('dashboard summary', () => {
  test('what is under the summary shows once the summary is in, so nothing moves under the pointer', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/dashboard/summary/', async (route) => {
      await held;
      await route.continue();
    });
    await loginAs(page, 'admin');
    // The list is asked for at once, beside the summary, not after it.
    const listAnswered = page.waitForResponse((response) => response.url().includes('/api/admin/users/'));
    await page.goto('/dashboard');
    await listAnswered;
    const list = page.getByRole('heading', { name: 'Users List' });
    await expect(
      page.getByRole('region', { name: 'Summary' }).getByLabel('Loading the summary'),
    ).toBeVisible();
    await expect(list).toBeHidden();
    release();
    await expect(summary(page).getByRole('link', { name: /^Inactive users/ })).toBeVisible();
    await expect(list).toBeVisible();
  });

  test('a harvest center sees counts of the patients it added, and a card opens its list filtered', async ({
    page,
    request,
  }) => {
    const hc = await createUser(request, 'harvest-center', { acceptAgreement: true });
    const session = await apiAs(request, hc);
    const waiting = `${unique('waiting')}@example.com`;
    for (const [email, shipped] of [
      [waiting, null],
      [`${unique('shipped')}@example.com`, '2026-01-05'],
    ] as const) {
      await session.post('/api/v1/patients/', {
        first_name: 'Dash',
        last_name: 'Board',
        email,
        date_adipose_shipped_to_lab: shipped,
      });
    }

    await loginAs(page, hc);
    await openDashboard(page);
    const cards = summary(page);
    await expect(cards.getByRole('link', { name: 'Patients 2' })).toBeVisible();
    await expect(cards.getByRole('link', { name: 'Staff 0' })).toHaveAccessibleDescription(
      'No staff yet: an admin adds staff accounts.',
    );
    await expect(cards.getByRole('link', { name: 'Tissue shipped to lab: 1' })).toBeVisible();

    await cards.getByRole('link', { name: 'Awaiting harvest 1', exact: true }).click();
    await expect(page).toHaveURL(/\/patients\?stage=registered$/);
    await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveValue('Registered');
    await expect(page.getByRole('row')).toHaveCount(2); // the header and the one waiting patient
    await expect(rowWith(page, waiting)).toBeVisible();
  });

  /** Per demo role: one count checked against the page's own summary, and the card's destination. */
  const CARDS: {
    role: DemoRole;
    label: string;
    count: (s: TDashboardSummary) => number;
    opens: RegExp;
    shows: string;
  }[] = [
    {
      role: 'admin',
      label: 'Inactive users',
      count: (s) => (s.kind === 'admin' ? s.inactive_users : -1),
      opens: /\/inactive-users$/,
      shows: 'Inactive Users',
    },
    {
      role: 'admin',
      label: 'Mail failures',
      count: (s) => (s.kind === 'admin' ? s.failed_mail : -1),
      opens: /\/mail-outbox\?status=failed$/,
      shows: 'Mail Outbox',
    },
    {
      role: 'lab',
      label: 'Awaiting receipt',
      count: (s) => (s.kind === 'lab' ? s.patients.by_stage.shipped_to_lab : -1),
      opens: /\/patients\?stage=shipped_to_lab$/,
      shows: 'Patients',
    },
    {
      role: 'rhc',
      label: 'Referred patients',
      count: (s) => (s.kind === 'referral_harvest_center' ? s.patients.total : -1),
      opens: /\/patients$/,
      shows: 'Patients',
    },
    {
      role: 'staff',
      label: 'Associated harvest centers',
      count: (s) => (s.kind === 'hc_staff' ? s.harvest_centers : -1),
      opens: /\/dashboard#associated-harvest-centers$/,
      shows: 'Associated Harvest Centers',
    },
    {
      role: 'rep',
      label: 'Harvest centers',
      count: (s) => (s.kind === 'sales_rep' ? s.harvest_centers : -1),
      opens: /\/harvest-centers$/,
      shows: 'Harvest Centers',
    },
    {
      role: 'manager',
      label: 'Team patients',
      count: (s) => (s.kind === 'sales_manager' ? s.patients.total : -1),
      opens: /\/all-patients-team$/,
      shows: 'Team Patients',
    },
    {
      role: 'distributor',
      label: 'Sales reps',
      count: (s) => (s.kind === 'sales_distributor' ? s.sales_reps : -1),
      opens: /\/all-manager-sr-team$/,
      shows: 'Team Sales Reps',
    },
    {
      role: 'patient',
      label: 'Vials available',
      count: (s) => (s.kind === 'patient' ? s.vials_available : -1),
      opens: /\/dashboard#vials-history$/,
      shows: 'Vials History',
    },
  ];

  for (const card of CARDS) {
    test(`${card.role}: "${card.label}" shows its count and opens what it counts`, async ({ page }) => {
      await loginAs(page, card.role);
      const counts = await openDashboard(page);
      const count = card.count(counts);
      expect(count, `the ${card.role} summary has no ${card.label}`).toBeGreaterThanOrEqual(0);
      const link = summary(page).getByRole('link', { name: `${card.label} ${count}`, exact: true });
      await link.click();
      await expect(page).toHaveURL(card.opens);
      await expect(page.getByRole('heading', { name: card.shows, exact: true }).first()).toBeVisible();
    });
  }

  test('the admin deactivates a user on the dashboard and the Inactive users card follows at once', async ({
    page,
    request,
  }) => {
    const patient = await createUser(request, 'patient');
    await loginAs(page, 'admin');
    await openDashboard(page);
    await search(page, 'Search', patient.email);
    await page.getByRole('button', { name: `Actions for ${patient.email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    // Other workers change accounts too: the card must show the summary asked for after this change.
    const recounted = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/dashboard/summary/') && response.ok(),
    );
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    const after = (await (await recounted).json()) as TDashboardSummary;
    const inactive = after.kind === 'admin' ? after.inactive_users : -1;
    expect(inactive).toBeGreaterThan(0);
    await expect(
      summary(page).getByRole('link', { name: `Inactive users ${inactive}`, exact: true }),
    ).toBeVisible();
  });

  test('a harvest center adds a patient from its dashboard and the Patients card counts it', async ({
    page,
  }) => {
    await loginAs(page, 'hc');
    const before = await openDashboard(page);
    const total = (s: TDashboardSummary) => (s.kind === 'harvest_center' ? s.patients.total : -1);
    await page.getByRole('button', { name: 'Add Patient' }).click();
    const add = page.getByRole('dialog', { name: 'Add Patient' });
    await add.getByLabel('First Name').fill('Cora');
    await add.getByLabel('Last Name').fill('Counted');
    await add.getByLabel('Email').fill(`${unique('counted')}@example.com`);
    // Other workers add patients to the demo center too: the card shows the summary asked after this one.
    const recounted = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/dashboard/summary/') && response.ok(),
    );
    await add.getByRole('button', { name: 'Add Patient' }).click();
    const after = total((await (await recounted).json()) as TDashboardSummary);
    expect(after).toBeGreaterThan(total(before));
    await expect(summary(page).getByRole('link', { name: `Patients ${after}`, exact: true })).toBeVisible();
  });

  test('a failed summary says so and Retry loads it', async ({ page }) => {
    // Down until Retry: the app's own retries (two for a 5xx) fail too.
    let failing = true;
    await page.route('**/api/v1/dashboard/summary/', (route) =>
      failing ? route.fulfill({ status: 500, json: { message: 'Down for a moment' } }) : route.continue(),
    );
    await loginAs(page, 'rep');
    await page.goto('/dashboard');
    await expect(page.getByText('Could not load the summary')).toBeVisible();
    await expect(summary(page).getByRole('link')).toHaveCount(0);
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(summary(page).getByRole('link', { name: /^Harvest centers \d+$/ })).toBeVisible();
  });
});

test.describe('read-only patient view', () => {
  test('a sales manager reads a team patient as text under its name', async ({ page, request }) => {
    const manager = await apiAs(request, 'manager');
    const { results } = await manager.get<{
      results: { email: string; first_name: string; last_name: string }[];
    }>(`/api/v1/sales-managers/${manager.user.id}/patients/?limit=1`);
    const patient = results[0];

    await loginAs(page, 'manager');
    await page.goto('/all-patients-team');
    await search(page, 'Search patients', patient.email);
    await rowWith(page, patient.email)
      .getByRole('button', { name: /View patient/ })
      .click();
    const view = page.getByRole('dialog', { name: 'Patient Data' });
    await expect(
      view.getByRole('heading', { name: `${patient.first_name} ${patient.last_name}`.trim() }),
    ).toBeVisible();
    await expect(view.getByRole('term').filter({ hasText: 'Harvest Center' }).first()).toBeVisible();
    await expect(view.getByRole('definition').filter({ hasText: patient.email })).toBeVisible();
    // Text, not a form of disabled fields.
    await expect(view.getByRole('textbox')).toHaveCount(0);
    await expect(view.getByRole('radio')).toHaveCount(0);
    await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await view.getByRole('button', { name: 'Close' }).click();
    await expect(view).toBeHidden();
  });

  test('a patient sees no Template ID on its profile', async ({ page }) => {
    await loginAs(page, 'patient');
    await page.goto('/profile');
    await expect(page.getByLabel('First Name')).toBeVisible();
    await expect(page.getByLabel('Template ID')).toHaveCount(0);
  });
});
