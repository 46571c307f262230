import {
  ADMIN_CREDENTIALS_SUPER_ADMIN_ONLY_MESSAGE,
  REAUTHENTICATION_LOCKED_MESSAGE,
} from '@portal/shared/credential-changes';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '@portal/shared/passwords';
import {
  POLICY_SECOND_FACTOR_MESSAGE,
  POLICY_SUPER_ADMIN_ONLY_MESSAGE,
  SECOND_FACTOR_THROTTLED_MESSAGE,
} from '@portal/shared/second-factors';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/platform.ts';
import {
  REAUTHENTICATION_FAILURES_PER_ACCOUNT,
  SECOND_FACTOR_FAILURES_PER_ACCOUNT,
} from '../src/modules/accounts/login-throttle.ts';
import { createUser } from '../src/seed/factories.ts';
import {
  enrolPasskey,
  enrolTotp,
  freshTotpCode,
  passwordLogin,
  signInFully,
  withToken,
} from './helpers/second-factors.ts';
import { buildTestApp, type TestApp, tokenFor } from './helpers/test-app.ts';

/**
 * Guessing a credential with what an attacker may hold: the password (then second-factor codes, in
 * bursts from many addresses), or a stolen session (then the current password, to change it, the
 * login e-mail or the factors). Also who may act on an admin's credentials and on the policy.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let sequence = 0;
function account(membershipId: number, overrides: Parameters<typeof createUser>[1] = {}) {
  sequence += 1;
  return createUser(t.db, { membershipId, email: `guess-${sequence}@example.test`, ...overrides });
}

function tally(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

async function auditCount(action: string, userId: number): Promise<number> {
  const rows = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetUserId, userId)));
  return rows.length;
}

/** One pending sign-in (password right, second factor owed) per address, as 40 machines would have. */
async function pendingSessionsFrom(email: string, addresses: string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const ip of addresses) {
    const login = await passwordLogin(t.app, email, 'test-password', ip);
    expect(login.json().stage).toBe('second_factor');
    tokens.set(ip, login.json().token);
  }
  return tokens;
}

/** 200 attempts at once, 5 from each of 40 addresses, each through that address's pending session. */
async function burst(
  email: string,
  net: number,
  attempt: (token: string, ip: string) => Promise<LightMyRequestResponse>,
) {
  const addresses = Array.from({ length: 40 }, (_, i) => `10.${net}.${Math.floor(i / 200)}.${(i % 200) + 1}`);
  const tokens = await pendingSessionsFrom(email, addresses);
  return Promise.all(
    addresses.flatMap((ip) => Array.from({ length: 5 }, () => attempt(tokens.get(ip) ?? '', ip))),
  );
}

describe('second factors at sign-in: the cap per account holds against a burst (finding M1)', () => {
  it('evaluates at most ten wrong authenticator codes of 200 sent at once from 40 addresses', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const { secret } = await enrolTotp(t.app, await tokenFor(t.app, patient), 'test-password');
    const responses = await burst(patient.email, 61, (token, ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-in/totp/',
        headers: { authorization: `Token ${token}` },
        payload: { code: '000000' },
        remoteAddress: ip,
      }),
    );
    expect(tally(responses)).toEqual({ 400: SECOND_FACTOR_FAILURES_PER_ACCOUNT, 429: 190 });
    expect(responses.find((r) => r.statusCode === 429)?.json().message).toBe(SECOND_FACTOR_THROTTLED_MESSAGE);
    expect(await auditCount('second_factor.failed', patient.id)).toBe(SECOND_FACTOR_FAILURES_PER_ACCOUNT);
    // The right code is refused too until the window passes: the cap is on the account.
    const late = (await passwordLogin(t.app, patient.email, 'test-password', '10.62.0.1')).json();
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign-in/totp/',
      headers: { authorization: `Token ${late.token}` },
      payload: { code: await freshTotpCode(secret) },
      remoteAddress: '10.62.0.1',
    });
    expect(right.statusCode).toBe(429);
  });

  it('counts recovery codes in the same way', async () => {
    const patient = await account(MEMBERSHIP.patient);
    await enrolTotp(t.app, await tokenFor(t.app, patient), 'test-password');
    const responses = await burst(patient.email, 63, (token, ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-in/recovery-code/',
        headers: { authorization: `Token ${token}` },
        payload: { code: 'aaaaa-bbbbb' },
        remoteAddress: ip,
      }),
    );
    expect(tally(responses)).toEqual({ 400: SECOND_FACTOR_FAILURES_PER_ACCOUNT, 429: 190 });
    expect(await auditCount('second_factor.failed', patient.id)).toBe(SECOND_FACTOR_FAILURES_PER_ACCOUNT);
  });

  it('counts passkey assertions in the same way', async () => {
    const hc = await account(MEMBERSHIP.patient);
    await enrolPasskey(t.app, await tokenFor(t.app, hc), { currentPassword: 'test-password' });
    // Someone else's authenticator answers each challenge: a well-formed assertion the account refuses.
    const intruder = await account(MEMBERSHIP.patient);
    const { authenticator } = await enrolPasskey(t.app, await tokenFor(t.app, intruder), {
      currentPassword: 'test-password',
    });
    const responses = await burst(hc.email, 64, async (token, ip) => {
      const options = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-in/passkey/options/',
        headers: { authorization: `Token ${token}` },
        remoteAddress: ip,
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-in/passkey/',
        headers: { authorization: `Token ${token}` },
        payload: {
          response: authenticator.authenticate(options.json().options, {
            credentialId: authenticator.credentialIds[0],
          }),
        },
        remoteAddress: ip,
      });
    });
    expect(tally(responses)[400]).toBe(SECOND_FACTOR_FAILURES_PER_ACCOUNT);
    expect(tally(responses)[429]).toBe(190);
    expect(await auditCount('second_factor.failed', hc.id)).toBe(SECOND_FACTOR_FAILURES_PER_ACCOUNT);
  });
});

describe('a stolen session cannot guess the current password (finding M2)', () => {
  const changePassword = (token: string, id: number, current: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/update-password/${id}/`,
      headers: { authorization: `Token ${token}` },
      payload: {
        password_current: current,
        password_new: 'a-new-Passphrase-2026',
        password_confirmation: 'a-new-Passphrase-2026',
      },
      remoteAddress: ip,
    });

  it('changing the password: four wrong answers, then the session ends and the holder is mailed', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const stolen = await tokenFor(t.app, patient);
    const other = await tokenFor(t.app, patient);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await changePassword(stolen, patient.id, `guess-${i}`, '10.65.0.1')).statusCode);
    }
    const last = REAUTHENTICATION_FAILURES_PER_ACCOUNT - 1;
    expect(statuses).toEqual([...Array(last).fill(400), 429, 401, 401, 401]);
    // The right password is of no use to the thief now: the session is gone.
    const right = await changePassword(stolen, patient.id, 'test-password', '10.65.0.1');
    expect(right.statusCode).toBe(401);
    expect(await auditCount('password.change_failed', patient.id)).toBe(
      REAUTHENTICATION_FAILURES_PER_ACCOUNT,
    );
    expect(await auditCount('session.ended_after_wrong_passwords', patient.id)).toBe(1);
    await t.app.mailWorker.drain();
    const notices = t.mail.sent.filter((m) => m.to === patient.email && /Wrong passwords/.test(m.subject));
    expect(notices).toHaveLength(1);
    // The holder's own other session goes on; the password was never changed.
    expect((await withToken(t.app, other, 'GET', '/api/v1/session/')).statusCode).toBe(200);
    expect((await passwordLogin(t.app, patient.email, 'test-password', '10.65.9.9')).statusCode).toBe(200);
  });

  it('a burst of 40 wrong passwords at once evaluates no more than the limit, and ends the session', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const stolen = await tokenFor(t.app, patient);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        changePassword(stolen, patient.id, `guess-${i}`, `10.66.0.${i + 1}`),
      ),
    );
    const counts = tally(responses);
    expect(counts[200]).toBeUndefined();
    expect(counts[400]).toBe(REAUTHENTICATION_FAILURES_PER_ACCOUNT - 1);
    expect(await auditCount('password.change_failed', patient.id)).toBe(
      REAUTHENTICATION_FAILURES_PER_ACCOUNT,
    );
    expect((await withToken(t.app, stolen, 'GET', '/api/v1/session/')).statusCode).toBe(401);
    expect((await changePassword(stolen, patient.id, 'test-password', '10.66.1.1')).statusCode).toBe(401);
  });

  it('the right password after a slip is accepted and gives the attempt back', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const token = await tokenFor(t.app, patient);
    const wrong = await changePassword(token, patient.id, 'not-it', '10.67.0.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password_current: WRONG_CURRENT_PASSWORD_MESSAGE });
    expect((await changePassword(token, patient.id, 'test-password', '10.67.0.1')).statusCode).toBe(200);
  });

  it('changing the login e-mail counts in the same way', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const stolen = await tokenFor(t.app, patient);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${patient.id}/`,
        headers: { authorization: `Token ${stolen}` },
        payload: { email: `taken-over-${i}@example.test`, current_password: `guess-${i}` },
        remoteAddress: '10.68.0.1',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(REAUTHENTICATION_LOCKED_MESSAGE);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 401]);
    expect(await auditCount('email.change_failed', patient.id)).toBe(REAUTHENTICATION_FAILURES_PER_ACCOUNT);
  });

  it('adding a second factor counts in the same way, and shares the count with the password page', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const stolen = await tokenFor(t.app, patient);
    for (let i = 0; i < 2; i++) {
      expect((await changePassword(stolen, patient.id, `guess-${i}`, '10.69.0.1')).statusCode).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/second-factors/passkeys/options/',
        headers: { authorization: `Token ${stolen}` },
        payload: { current_password: `guess-x${i}` },
        remoteAddress: '10.69.0.2',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429, 401]);
  });
});

describe('an admin’s credentials are the super admin’s to change (finding L1)', () => {
  it('refuses a plain admin the password, the login e-mail and the factors of a peer admin', async () => {
    const admin = await account(MEMBERSHIP.admin);
    const peer = await account(MEMBERSHIP.admin);
    const token = await tokenFor(t.app, admin);
    const password = await withToken(t.app, token, 'POST', '/api/v1/users/change-password/', {
      user_id: peer.id,
      new_password_change: 'a-new-Passphrase-2026',
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe(ADMIN_CREDENTIALS_SUPER_ADMIN_ONLY_MESSAGE);
    const factors = await withToken(t.app, token, 'POST', `/api/v1/users/${peer.id}/reset-second-factors/`);
    expect(factors.statusCode).toBe(403);
    const email = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${peer.id}/`,
      headers: { authorization: `Token ${token}` },
      payload: { email: `took-over-${peer.id}@example.test` },
    });
    expect(email.statusCode).toBe(403);
    // The peer still signs in with its own password.
    expect((await passwordLogin(t.app, peer.email, 'test-password', '10.70.0.1')).statusCode).toBe(200);

    // A plain admin still changes a patient's password (the holder is mailed).
    const patient = await account(MEMBERSHIP.patient);
    const allowed = await withToken(t.app, token, 'POST', '/api/v1/users/change-password/', {
      user_id: patient.id,
      new_password_change: 'a-new-Passphrase-2026',
    });
    expect(allowed.statusCode).toBe(200);
    await t.app.mailWorker.drain();
    expect(
      t.mail.sent.some((m) => m.to === patient.email && /changed by an administrator/.test(m.subject)),
    ).toBe(true);
  });

  it('lets the super admin change an admin’s password, and the admin is mailed', async () => {
    const superAdmin = await account(MEMBERSHIP.admin, { isSuperuser: true });
    const admin = await account(MEMBERSHIP.admin);
    const res = await withToken(
      t.app,
      await tokenFor(t.app, superAdmin),
      'POST',
      '/api/v1/users/change-password/',
      {
        user_id: admin.id,
        new_password_change: 'a-new-Passphrase-2026',
      },
    );
    expect(res.statusCode).toBe(200);
    await t.app.mailWorker.drain();
    expect(
      t.mail.sent.some((m) => m.to === admin.email && /changed by an administrator/.test(m.subject)),
    ).toBe(true);
  });
});

describe('the second-factor policy (finding L2)', () => {
  const requiredOf = (body: { account_types: { id: number; required: boolean }[] }) =>
    body.account_types.filter((a) => a.required).map((a) => a.id);

  it('is changed only by the super admin in a session opened with a second factor; every admin is mailed', async () => {
    const admin = await account(MEMBERSHIP.admin);
    const superAdmin = await account(MEMBERSHIP.admin, { isSuperuser: true });
    const before = (
      await withToken(t.app, await tokenFor(t.app, admin), 'GET', '/api/admin/second-factor-policy/')
    ).json();
    expect(before.change_refused).toBe(POLICY_SUPER_ADMIN_ONLY_MESSAGE);

    const byAdmin = await withToken(
      t.app,
      await tokenFor(t.app, admin),
      'PUT',
      '/api/admin/second-factor-policy/',
      {
        required: [],
      },
    );
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(POLICY_SUPER_ADMIN_ONLY_MESSAGE);

    // The super admin's password alone is not enough.
    const passwordOnly = await tokenFor(t.app, superAdmin);
    const refused = await withToken(t.app, passwordOnly, 'PUT', '/api/admin/second-factor-policy/', {
      required: [],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(POLICY_SECOND_FACTOR_MESSAGE);
    const unchanged = (
      await withToken(t.app, passwordOnly, 'GET', '/api/admin/second-factor-policy/')
    ).json();
    expect(requiredOf(unchanged)).toEqual(requiredOf(before));

    const { token } = await signInFully(t.app, superAdmin.email);
    expect(
      (await withToken(t.app, token, 'GET', '/api/admin/second-factor-policy/')).json().change_refused,
    ).toBe(null);
    const required = requiredOf(before);
    const changed = await withToken(t.app, token, 'PUT', '/api/admin/second-factor-policy/', {
      required: required.filter((id) => id !== MEMBERSHIP.lab),
    });
    try {
      expect(changed.statusCode).toBe(200);
      await t.app.mailWorker.drain();
      const told = t.mail.sent.filter((m) => /sign-in policy was changed/.test(m.subject)).map((m) => m.to);
      expect(told).toEqual(expect.arrayContaining([admin.email, superAdmin.email]));
    } finally {
      await withToken(t.app, token, 'PUT', '/api/admin/second-factor-policy/', { required });
    }
  });
});
