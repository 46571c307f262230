import fs from 'node:fs';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { sessionsFile } from '../playwright.config.ts';
import { finishSignIn } from './second-factor.ts';

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

export interface StoredSession {
  token: string;
  user: ApiSession['user'];
}

let sharedSessions: Record<DemoRole, StoredSession> | undefined;

/**
 * The demo role's session made by the setup project (support/sessions.setup.ts), shared by every
 * test: signing in costs a password hash on the server each time. A test that ends its session
 * or changes the account's credentials signs in on its own (`{ ownSession: true }`).
 */
function sharedSession(role: DemoRole): StoredSession {
  sharedSessions ??= JSON.parse(fs.readFileSync(sessionsFile, 'utf8')) as Record<DemoRole, StoredSession>;
  return sharedSessions[role];
}

interface SessionOptions {
  /** Sign in anew instead of using the role's shared session. */
  ownSession?: boolean;
}

/** Signs in (a demo role: its shared session) and hands the session to the page as the web app stores it. */
export async function loginAs(
  page: Page,
  role: DemoRole | { email: string; password: string },
  options: SessionOptions = {},
): Promise<void> {
  const { token, user } =
    typeof role === 'string' && !options.ownSession
      ? sharedSession(role)
      : await apiAs(page.request, role, options);
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

/** A signed-in API caller, for preparing a test's own data (so tests never share rows). */
export interface ApiSession {
  token: string;
  /** The signed-in user as the login answers it (the web app stores it as is). */
  user: { id: number; email: string } & Record<string, unknown>;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

/** Signs in through the API; the demo roles are shared sessions unless `ownSession`. */
export async function apiAs(
  request: APIRequestContext,
  role: DemoRole | { email: string; password: string },
  options: SessionOptions = {},
): Promise<ApiSession> {
  const { token, user } =
    typeof role === 'string' && !options.ownSession ? sharedSession(role) : await signIn(request, role);
  const headers = { authorization: `Token ${token}` };
  return {
    token,
    user,
    async get<T>(path: string) {
      const res = await request.get(path, { headers });
      expect(res.ok(), `GET ${path}: ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
    async post<T>(path: string, body: unknown) {
      const res = await request.post(path, { headers, data: body });
      expect(res.ok(), `POST ${path}: ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}

/**
 * A new session for a demo role or an account's credentials: the password, then the step the account
 * owes (an authenticator app set up for an HC, its staff or an admin the test made: decision 031).
 */
export async function signIn(
  request: APIRequestContext,
  role: DemoRole | { email: string; password: string },
): Promise<StoredSession> {
  const credentials =
    typeof role === 'string' ? { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD } : role;
  const login = await request.post('/api/admin/login/', { data: credentials });
  expect(login.ok(), await login.text()).toBe(true);
  return finishSignIn(request, credentials.email, await login.json());
}

/** A name no other test (or earlier run against the same server) uses. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Logs in through the login form, as a person does. */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Every test fails when the page reports a Content-Security-Policy violation: the server's policy
 * (no inline script, styles only with its nonce) must never block something the app needs.
 * Chromium prints violations to the console; the listener also reports ones it might not print.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      await use(violations);
      expect(violations, 'CSP violations reported in the console').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
