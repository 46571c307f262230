import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type ApiSession, apiAs, expect, unique } from '../support/fixtures.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day of the current month (UTC), as the app stores it and as it is shown (web/src/lib/format-date.ts). */
export function dayOfThisMonth(day: number): { iso: string; shown: string; ariaLabel: string } {
  const now = new Date();
  return fromUtc(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day)));
}

export function addDays(date: { iso: string }, days: number) {
  const [year, month, day] = date.iso.split('-').map(Number);
  return fromUtc(new Date(Date.UTC(year, month - 1, day + days)));
}

function fromUtc(date: Date) {
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  return {
    iso: date.toISOString().slice(0, 10),
    shown: `${day} ${MONTHS[month].slice(0, 3)} ${year}`,
    ariaLabel: `${day} ${MONTHS[month]} ${year}`,
  };
}

/** Mantine's DatePickerInput is a button; picking opens a calendar of the current month. */
export async function pickDate(page: Page, field: Locator, date: { ariaLabel: string }): Promise<void> {
  await field.click();
  await page.getByRole('button', { name: date.ariaLabel, exact: true }).click();
}

/** The table row with a cell reading exactly `text` (an e-mail, a company, a tracking id). */
export function rowWith(scope: Page | Locator, text: string): Locator {
  // The inner locator of `has` is matched inside each row, so it must start from the page, not the scope.
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/**
 * Narrows the list on the page with its search box (lists page 10 rows; the demo has more), and waits
 * for the server's answer: the box is debounced, and a stale page could otherwise already match.
 */
export async function search(page: Page, label: string, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === text.trim() && response.ok(),
  );
  await page.getByLabel(label, { exact: true }).fill(text);
  await answered;
}

/**
 * A patient account of the test's own, signed up by the admin with a password, that has accepted the
 * membership agreement (as a person would at first visit), so it can sign in and use its dashboard.
 */
export async function createPatientAccount(
  request: APIRequestContext,
  admin: ApiSession,
  fields: { first_name: string; last_name: string },
): Promise<{ id: number; email: string; password: string }> {
  const account = {
    email: `${unique(fields.last_name.toLowerCase())}@example.com`,
    password: 'patient-password-1',
  };
  const created = await admin.post<{ id: number }>('/api/v1/users/', {
    subscription: 2,
    ...fields,
    ...account,
  });
  const patient = await apiAs(request, account);
  const accepted = await request.patch(`/api/v1/users/${created.id}/`, {
    headers: { authorization: `Token ${patient.token}` },
    data: { check_agreement: true },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return { id: created.id, ...account };
}

/** PATCH as `session`, expecting success. */
export async function patchAs(request: APIRequestContext, session: ApiSession, path: string, body: unknown) {
  const res = await request.patch(path, { headers: { authorization: `Token ${session.token}` }, data: body });
  expect(res.ok(), `PATCH ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}
