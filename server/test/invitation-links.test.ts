import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import {
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_SET_MESSAGE,
  RESET_INVALID_MESSAGE,
} from '../src/modules/sign-in/sign-in.service.ts';
import { createPatient } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 33: a new account's invitation opens "Set your password" (/set-password), not the reset page,
 * and ends "Your password has been set"; the lists say who has never signed in, so that Resend
 * Invitation shows only where the server would send it.
 */
let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

async function mailedLink(email: string): Promise<URL> {
  await t.app.mailWorker.drain();
  const mail = t.mail.sent.findLast((m) => m.to === email);
  const link = /http:\/\/portal\.test\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return new URL(link);
}

const confirm = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/reset-password/confirm/',
    payload: { token, password: 'first-own-password', password_confirmation: 'first-own-password' },
  });

const signedIn = (id: number) => t.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, id));

describe("a new account's invitation", () => {
  it('links to /set-password and ends with "Your password has been set"', async () => {
    const email = 'invited.patient@example.test';
    const created = await injectAs(t.app, w.hcA, {
      method: 'POST',
      url: '/api/v1/patients/',
      payload: { first_name: 'Ivy', last_name: 'Invited', email },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = await mailedLink(email);
    expect(link.pathname).toBe('/set-password');

    const res = await confirm(link.searchParams.get('token')!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PASSWORD_SET_MESSAGE);
    // Used once: the second try is told so in words that fit an invitation too.
    const again = await confirm(link.searchParams.get('token')!);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_INVALID_MESSAGE);
    expect(again.json().message).not.toMatch(/reset/i);
  });

  it('a resent invitation links to /set-password too, and replaces the one sent before', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA, firstName: 'Rae', lastName: 'Resent' });
    const resend = () =>
      injectAs(t.app, w.admin, { method: 'POST', url: `/api/v1/users/${patient.id}/resend-invitation/` });
    expect((await resend()).statusCode).toBe(200);
    const first = await mailedLink(patient.email);
    expect(first.pathname).toBe('/set-password');
    expect((await resend()).statusCode).toBe(200);
    const replaced = await confirm(first.searchParams.get('token')!);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().message).toBe(RESET_INVALID_MESSAGE);
    expect((await confirm((await mailedLink(patient.email)).searchParams.get('token')!)).statusCode).toBe(
      200,
    );
  });

  it('a reset stays /reset-password and "changed", also before the first sign-in', async () => {
    for (const signsInFirst of [true, false]) {
      const patient = await createPatient(t.db, {
        harvestCenter: w.hcA,
        firstName: 'Rob',
        lastName: 'Reset',
      });
      if (signsInFirst) await signedIn(patient.id);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/reset-password/',
        payload: { email: patient.email },
      });
      const link = await mailedLink(patient.email);
      expect(link.pathname).toBe('/reset-password');
      const token = link.searchParams.get('token')!;
      // The invitation's mark cannot be put on a reset link: the marked token matches no link.
      const forged = await confirm(`invite_${token}`);
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe(RESET_INVALID_MESSAGE);
      const res = await confirm(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(PASSWORD_CHANGED_MESSAGE);
      expect((await confirm(token)).json().message).toBe(RESET_INVALID_MESSAGE);
    }
  });
});

describe('who has signed in, on the lists that offer Resend Invitation', () => {
  it("an HC's patients and staff, and the admin's patient list, say has_signed_in", async () => {
    const fresh = await createPatient(t.db, { harvestCenter: w.hcA, firstName: 'New', lastName: 'Comer' });
    const known = await createPatient(t.db, { harvestCenter: w.hcA, firstName: 'Old', lastName: 'Hand' });
    await signedIn(known.id);
    await signedIn(w.staffA.id);

    for (const [who, url] of [
      [w.hcA, `/api/v1/harvest-centers/${w.hcA.id}/patients/?limit=100`],
      [w.admin, '/api/v1/users/patient/list/?limit=100'],
    ] as const) {
      const res = await injectAs(t.app, who, { url });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().results as { id: number; has_signed_in: boolean }[];
      expect(rows.find((row) => row.id === fresh.id)?.has_signed_in, url).toBe(false);
      expect(rows.find((row) => row.id === known.id)?.has_signed_in, url).toBe(true);
    }

    const staff = await injectAs(t.app, w.hcA, { url: `/api/v1/hc-staff/${w.hcA.id}/staff-list/` });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().staff_list).toEqual([
      expect.objectContaining({ id: w.staffA.id, has_signed_in: true }),
    ]);
  });
});
