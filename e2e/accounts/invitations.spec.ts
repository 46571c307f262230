import type { Page } from '@playwright/test';
import { rowWith, search } from '../patients/helpers.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { deliveredInvitationLink } from '../support/mail.ts';

/** A patient the demo harvest center adds: it gets the invitation mail. */
async function invitedPatient(page: Page, name: string) {
  const hc = await apiAs(page.request, 'hc');
  const email = `${unique(name)}@example.test`.toLowerCase();
  await hc.post('/api/v1/patients/', { first_name: 'Ines', last_name: name, email });
  await expect.poll(() => deliveredInvitationLink(email), { timeout: 10_000 }).toBeDefined();
  return { email, link: new URL((await deliveredInvitationLink(email))!) };
}

test("a new patient's invitation opens 'Set your password' and ends 'Your password has been set'", async ({
  page,
}) => {
  const { email, link } = await invitedPatient(page, 'Invited');
  expect(link.pathname).toBe('/set-password');
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveTitle('Set your password — Portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByText(/reset/i)).toHaveCount(0);
  await page.getByLabel(/^New Password/).fill('invited-own-password');
  await page.getByLabel(/^Confirm Password/).fill('invited-own-password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Your password has been set. You can sign in now.')).toBeVisible();
  await expect(page.getByText(/has been changed/)).toHaveCount(0);
  // The password works.
  await apiAs(page.request, { email, password: 'invited-own-password' });
});

test('Resend Invitation shows only for accounts that have never signed in', async ({ page }) => {
  const waiting = await invitedPatient(page, 'Waiting');
  const joined = await invitedPatient(page, 'Joined');
  const confirmed = await page.request.post('/api/v1/users/reset-password/confirm/', {
    data: {
      token: joined.link.searchParams.get('token'),
      password: 'joined-own-password',
      password_confirmation: 'joined-own-password',
    },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  await apiAs(page.request, { email: joined.email, password: 'joined-own-password' });

  await loginAs(page, 'hc');
  await page.goto('/dashboard');
  await search(page, 'Search patients', waiting.email);
  await expect(page.getByRole('button', { name: `Resend invitation to ${waiting.email}` })).toBeVisible();
  await search(page, 'Search patients', joined.email);
  await expect(rowWith(page, joined.email)).toBeVisible();
  await expect(page.getByRole('button', { name: `Resend invitation to ${joined.email}` })).toHaveCount(0);

  // The demo staff member has signed in (every demo role has): no invitation to send it again.
  await page.goto('/staff-view');
  await expect(rowWith(page, 'staff@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend invitation to staff@example.com' })).toHaveCount(0);
});
