import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { firstCode, nextCode } from './totp.ts';

/*
 * Accounts the tests make as the product does (an HC, its staff, an admin) must have a second factor
 * (docs/decisions/031): after the password they set up an authenticator app, whose codes the test
 * computes (support/totp.ts). The demo accounts are exempt, as `npm start`'s are.
 */

type SignedIn = { token: string; user: { id: number; email: string } & Record<string, unknown> };
type PasswordAnswer =
  | (SignedIn & { stage: 'complete' })
  | { stage: 'second_factor' | 'enrolment'; token: string };

const auth = (token: string) => ({ authorization: `Token ${token}` });

/** The full session after a password answer: the step it owes, done through the API. */
export async function finishSignIn(
  request: APIRequestContext,
  email: string,
  answer: PasswordAnswer,
): Promise<SignedIn> {
  if (answer.stage === 'complete') return answer;
  if (answer.stage === 'enrolment') {
    const setup = await request.post('/api/v1/second-factors/totp/setup/', {
      headers: auth(answer.token),
      data: {},
    });
    expect(setup.ok(), await setup.text()).toBe(true);
    const { secret } = (await setup.json()) as { secret: string };
    const confirm = await request.post('/api/v1/second-factors/totp/confirm/', {
      headers: auth(answer.token),
      data: { code: firstCode(email, secret) },
    });
    expect(confirm.ok(), await confirm.text()).toBe(true);
    return ((await confirm.json()) as { sign_in: SignedIn }).sign_in;
  }
  const code = await nextCode(email);
  if (!code) throw new Error(`${email} owes a second factor this test does not know`);
  const step = await request.post('/api/v1/sign-in/totp/', { headers: auth(answer.token), data: { code } });
  expect(step.ok(), await step.text()).toBe(true);
  return (await step.json()) as SignedIn;
}

/**
 * After the login form: an account that must enrol is on /sign-in/set-up; it sets up an authenticator
 * app there as a person does (the key shown for typing in, a code computed from it), and goes on past
 * its recovery codes. One that owes a code gives it. Others are signed in already.
 */
export async function finishSignInInBrowser(page: Page, email: string): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
  const path = new URL(page.url()).pathname;
  if (path === '/sign-in/set-up') {
    await page.getByRole('tab', { name: 'Authenticator app' }).click();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const key =
      (await page
        .getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
        .first()
        .textContent()) ?? '';
    await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(firstCode(email, key));
    await page.getByRole('button', { name: 'Confirm the code' }).click();
    await page.getByRole('button', { name: 'I have saved them: continue' }).click();
  } else if (path === '/sign-in/verify') {
    const code = await nextCode(email);
    if (!code) throw new Error(`${email} owes a second factor this test does not know`);
    await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
}
