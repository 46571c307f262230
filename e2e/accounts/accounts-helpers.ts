import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiAs, expect, unique } from '../support/fixtures.ts';

/**
 * Test data for the accounts specs, made through the API so that each test owns what it changes
 * (two workers share one server; no test may rely on another's data or order).
 */

export const TEST_PASSWORD = 'test-password-123';

export async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (await apiAs(request, { email, password })).token;
}

export const auth = (token: string) => ({ authorization: `Token ${token}` });

export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await apiAs(request, 'admin')).token;
}
export interface CreatedUser {
  id: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

/** A patient or harvest center created by the admin, as Add Patient / Add Harvest Center do. */
export async function createUser(
  request: APIRequestContext,
  kind: 'patient' | 'harvest-center',
  options: { acceptAgreement?: boolean; salesRepId?: number; email?: string } = {},
): Promise<CreatedUser> {
  const last = unique(kind === 'patient' ? 'Pat' : 'Hc');
  const body = {
    subscription: kind === 'patient' ? 2 : 4,
    email: options.email ?? `${last.toLowerCase()}@e2e.example.com`,
    first_name: 'E2e',
    last_name: last,
    password: TEST_PASSWORD,
    ...(kind === 'harvest-center' ? { company: `${last} Clinic` } : {}),
  };
  const res = await request.post('/api/v1/users/', {
    headers: auth(await adminToken(request)),
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();
  if (options.salesRepId) {
    // The rep is a link the admin edit sets (the create form has no rep field).
    const linked = await request.post(`/api/v1/users/update/${id}/`, {
      headers: auth(await adminToken(request)),
      data: { saless_rep_id: options.salesRepId },
    });
    expect(linked.status(), await linked.text()).toBe(200);
  }
  const user = { id, email: body.email, password: TEST_PASSWORD, first_name: 'E2e', last_name: last };
  if (options.acceptAgreement) await acceptAgreement(request, user);
  return user;
}

/** The account holder accepts the private membership agreement (as its gate's Continue does). */
export async function acceptAgreement(request: APIRequestContext, user: CreatedUser): Promise<void> {
  const token = await tokenFor(request, user.email, user.password);
  const res = await request.patch(`/api/v1/users/${user.id}/`, {
    headers: auth(token),
    data: { check_agreement: new Date().toISOString() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** GET /api/v1/users/{id}/ as the admin: the status tells whether the account still exists. */
export async function userStatus(request: APIRequestContext, id: number): Promise<number> {
  const res = await request.get(`/api/v1/users/${id}/`, { headers: auth(await adminToken(request)) });
  return res.status();
}

/**
 * Types into the Users List (or Inactive Users) search and waits for the one matching row. The
 * unfiltered first page may already show a new user: acting on it before the search answers would
 * act on a row about to be replaced.
 */
export async function searchForUser(page: Page, text: string): Promise<Locator> {
  const search = page.getByLabel('Search');
  await search.fill(text);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(text);
  // The field that was typed into is still the one on screen (not one of a page being left).
  await expect(search).toHaveValue(text);
  return rows.first();
}

/** A new HC staff member with no center yet (admin POST /api/v1/users/, subscription 9), agreement accepted. */
export async function createStaff(request: APIRequestContext): Promise<CreatedUser> {
  const last = unique('Staff');
  const body = {
    subscription: 9,
    email: `${last.toLowerCase()}@e2e.example.com`,
    first_name: 'E2e',
    last_name: last,
    company: `${last} Staffing`,
    password: TEST_PASSWORD,
  };
  const res = await request.post('/api/v1/users/', { headers: auth(await adminToken(request)), data: body });
  expect(res.status(), await res.text()).toBe(201);
  const staff = {
    id: (await res.json()).id,
    email: body.email,
    password: TEST_PASSWORD,
    first_name: 'E2e',
    last_name: last,
  };
  await acceptAgreement(request, staff);
  return staff;
}
