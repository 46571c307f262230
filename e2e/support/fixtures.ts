import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = {
  admin: 'admin@example.com',
  lab: 'lab@example.com',
  patient: 'patient@example.com',
  hc: 'hc@example.com',
  rhc: 'rhc@example.com',
  staff: 'staff@example.com',
  rep: 'rep@example.com',
  manager: 'manager@example.com',
  distributor: 'distributor@example.com',
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

// Must match web/src/lib/session.ts.
const TOKEN_KEY = 'portal.token';
const USER_KEY = 'portal.user';

/** Logs in through the API (fast) and hands the session to the page as the web app stores it. */
export async function loginAs(
  page: Page,
  role: DemoRole | { email: string; password: string },
): Promise<void> {
  const credentials =
    typeof role === 'string' ? { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD } : role;
  const res = await page.request.post('/api/admin/login/', { data: credentials });
  expect(res.ok(), await res.text()).toBe(true);
  const { token, user } = await res.json();
  await page.addInitScript(
    ([tokenKey, userKey, t, u]) => {
      // Only once: a later logout inside the test must stay logged out after reloads.
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem(tokenKey, t);
      localStorage.setItem(userKey, u);
    },
    [TOKEN_KEY, USER_KEY, token, JSON.stringify(user)] as const,
  );
}

/** Logs in through the login form, as a person does. */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export const test = base;
export { expect };
