import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  CHALLENGE_EXPIRED_MESSAGE,
  ENROLMENT_REQUIRED_CODE,
  LAST_REQUIRED_FACTOR_MESSAGE,
  LINKED_SESSION_FACTORS_MESSAGE,
  SECOND_FACTOR_REQUIRED_CODE,
  WRONG_CODE_MESSAGE,
} from '@portal/shared/second-factors';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/auth/secret-box.ts';
import { issueSessionToken } from '../src/auth/tokens.ts';
import { domains, users } from '../src/db/schema/accounts.ts';
import { authTokens } from '../src/db/schema/auth.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { passkeys, portalSecrets, recoveryCodes, totpCredentials } from '../src/db/schema/second-factors.ts';
import { createUser, createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { createHarvestCenter, createHcStaff } from '../src/seed/patient-factories.ts';
import { buildTestAppWithRouteTable, type DeclaredRoute, watchHandlerStarts } from './helpers/route-table.ts';
import {
  enrolPasskey,
  enrolTotp,
  freshTotpCode,
  passwordLogin,
  signInFully,
  TEST_ORIGIN,
  totpCode,
  withToken,
} from './helpers/second-factors.ts';
import { SoftwareAuthenticator } from './helpers/software-authenticator.ts';
import { buildTestApp, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
let routes: DeclaredRoute[];
beforeAll(async () => {
  ({ t, routes } = await buildTestAppWithRouteTable());
});
afterAll(() => t.close());

let sequence = 0;
/** A new account of a type; its e-mail is unique in the file. */
function account(membershipId: number, overrides: Parameters<typeof createUser>[1] = {}) {
  sequence += 1;
  return createUser(t.db, { membershipId, email: `sf-${sequence}@example.test`, ...overrides });
}

/** Each test signs in from its own address, so the login throttle of one does not touch another. */
const address = () => `10.36.${Math.floor(sequence / 200)}.${(sequence % 200) + 1}`;

async function audits(action: string, userId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetUserId, userId)));
}

async function sessionRow(token: string) {
  const rows = await t.db.select().from(authTokens);
  const { hashToken } = await import('../src/auth/tokens.ts');
  return rows.find((row) => row.tokenHash === hashToken(token));
}

describe('the policy at sign-in', () => {
  it('gives an account that need not have a factor a full session, in the spec’s shape', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const res = await passwordLogin(t.app, patient.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      stage: 'complete',
      message: 'Login successful.',
      user: { id: patient.id },
    });
    expect((await sessionRow(res.json().token))?.established).toBe('password');
  });

  it('leads an account whose type must have a factor to enrolment, and shows nothing of it yet', async () => {
    const hc = await account(MEMBERSHIP.harvestCenter);
    const res = await passwordLogin(t.app, hc.email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ stage: 'enrolment', methods: ['passkey', 'totp'] });
    expect(body).not.toHaveProperty('user');
    const row = await sessionRow(body.token);
    expect(row?.stage).toBe('enrolment');
    // Short-lived: minutes, not the days of a session.
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);

    for (const url of ['/api/v1/session/', `/api/v1/users/${hc.id}/`, '/api/v1/dashboard/summary/']) {
      const refused = await withToken(t.app, body.token, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code, url).toBe(ENROLMENT_REQUIRED_CODE);
    }
    expect((await withToken(t.app, body.token, 'GET', '/api/v1/second-factors/')).statusCode).toBe(200);
    // The second step is not the enrolment's.
    const step = await withToken(t.app, body.token, 'POST', '/api/v1/sign-in/totp/', { code: '123456' });
    expect(step.statusCode).toBe(403);
  });

  it('lets the demo accounts (exempt) sign in with the password alone, and the login page know', async () => {
    const demo = await account(MEMBERSHIP.admin, { secondFactorExempt: true });
    const res = await passwordLogin(t.app, demo.email);
    expect(res.json().stage).toBe('complete');
    const options = await t.app.inject({ url: '/api/sign-in/options/' });
    expect(options.json()).toEqual({ demo_accounts: true });
  });

  it('asks an account that has a factor for it whatever its type', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const { secret } = await enrolTotp(t.app, await tokenFor(t.app, patient), 'test-password');
    const res = await passwordLogin(t.app, patient.email);
    expect(res.json()).toMatchObject({ stage: 'second_factor', methods: ['totp', 'recovery_code'] });
    const refused = await withToken(t.app, res.json().token, 'GET', '/api/v1/session/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(SECOND_FACTOR_REQUIRED_CODE);
    const done = await withToken(t.app, res.json().token, 'POST', '/api/v1/sign-in/totp/', {
      code: await freshTotpCode(secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ stage: 'complete', user: { id: patient.id } });
  });

  it('ends a pending sign-in on logout, at either stage', async () => {
    const hc = await account(MEMBERSHIP.harvestCenter);
    const { token } = (await passwordLogin(t.app, hc.email)).json();
    expect((await withToken(t.app, token, 'POST', '/api/admin/logout/')).statusCode).toBe(200);
    expect((await withToken(t.app, token, 'GET', '/api/v1/second-factors/')).statusCode).toBe(401);
  });

  it('treats a pending session on a public route as a stranger', async () => {
    const probe = await buildTestApp({
      plugins: [
        async (app) => {
          app.get('/probe/who/', { config: { access: 'public' } }, async (request) => ({
            actor: request.actor?.id ?? null,
          }));
        },
      ],
    });
    try {
      const hc = await createUserOfRole(probe.db, MEMBERSHIP.harvestCenter, {
        email: 'sf-probe@example.test',
      });
      const pending = (await passwordLogin(probe.app, hc.email)).json();
      expect(pending.stage).toBe('enrolment');
      expect((await withToken(probe.app, pending.token, 'GET', '/probe/who/')).json()).toEqual({
        actor: null,
      });
      expect(
        (await withToken(probe.app, await tokenFor(probe.app, hc), 'GET', '/probe/who/')).json(),
      ).toEqual({
        actor: hc.id,
      });
    } finally {
      await probe.close();
    }
  });
});

describe('a pending session reaches nothing but its step (every route of the app)', () => {
  it.each(['second_factor', 'enrolment'] as const)(
    '%s',
    async (stage) => {
      const hc = await account(MEMBERSHIP.harvestCenter);
      const pending = async () =>
        (await issueSessionToken(t.db, { userId: hc.id, ttlDays: 1, ttlMinutes: 15, stage })).token;
      const handler = watchHandlerStarts();
      const leaks: string[] = [];
      let reachable = 0;
      try {
        for (const route of routes) {
          if (route.access === 'public') continue;
          handler.reset();
          const url = route.url.replace(/:(\w+)/g, '1').replace('*', 'x');
          const res = await withToken(t.app, await pending(), route.method as 'GET', url, {});
          if (isStepRoute(route, stage)) reachable += 1;
          else if (res.statusCode !== 403 || handler.reached !== null) {
            leaks.push(
              `${route.method} ${route.url}: ${res.statusCode}${handler.reached ? ' (handler ran)' : ''}`,
            );
          } else {
            expect(res.json().code).toBe(
              stage === 'enrolment' ? ENROLMENT_REQUIRED_CODE : SECOND_FACTOR_REQUIRED_CODE,
            );
          }
        }
      } finally {
        handler.stop();
      }
      expect(leaks).toEqual([]);
      expect(reachable).toBeGreaterThan(1);
    },
    60_000,
  );
});

/** The routes a pending stage may call (what access.ts lets through is checked by the sweep). */
function isStepRoute(route: DeclaredRoute, stage: 'second_factor' | 'enrolment'): boolean {
  const key = `${route.method} ${route.url}`;
  if (key === 'POST /api/admin/logout/') return true;
  if (stage === 'second_factor') return route.url.startsWith('/api/v1/sign-in/');
  return [
    'GET /api/v1/second-factors/',
    'POST /api/v1/second-factors/passkeys/options/',
    'POST /api/v1/second-factors/passkeys/',
    'POST /api/v1/second-factors/totp/setup/',
    'POST /api/v1/second-factors/totp/confirm/',
  ].includes(key);
}

/**
 * Waits, when less than 5 s of the current 30-second step are left, for the next step to begin: a
 * code made now is then checked by the server within the same step (at most a 5 s wait).
 */
async function untilFreshStep(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('authenticator codes (TOTP)', () => {
  it('enrols with a QR code and a first code, then issues a new full session (the pending one ends)', async () => {
    const lab = await account(MEMBERSHIP.lab);
    const pending = (await passwordLogin(t.app, lab.email)).json();
    const setup = await withToken(t.app, pending.token, 'POST', '/api/v1/second-factors/totp/setup/', {});
    expect(setup.statusCode).toBe(200);
    const { secret, qr_code, otpauth_url } = setup.json();
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toContain(encodeURIComponent(lab.email));

    const wrong = await withToken(t.app, pending.token, 'POST', '/api/v1/second-factors/totp/confirm/', {
      code: (Number(await totpCode(secret)) + 1).toString().padStart(6, '0').slice(-6),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('code');

    const confirm = await withToken(t.app, pending.token, 'POST', '/api/v1/second-factors/totp/confirm/', {
      code: await totpCode(secret),
    });
    expect(confirm.statusCode).toBe(200);
    const body = confirm.json();
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    expect(body.sign_in).toMatchObject({ stage: 'complete', user: { id: lab.id } });
    expect(body.sign_in.token).not.toBe(pending.token);
    expect((await sessionRow(body.sign_in.token))?.established).toBe('password+totp');
    expect((await withToken(t.app, pending.token, 'GET', '/api/v1/second-factors/')).statusCode).toBe(401);
    expect((await withToken(t.app, body.sign_in.token, 'GET', '/api/v1/session/')).statusCode).toBe(200);
    expect((await audits('second_factor.added', lab.id)).map((a) => a.detail)).toEqual([{ method: 'totp' }]);
    await t.app.mailWorker.drain();
    expect(t.mail.sent.some((m) => m.to === lab.email && /second factor was added/.test(m.subject))).toBe(
      true,
    );
  });

  it('keeps the secret sealed at rest, with a generated key when SECRET_KEY is not set', async () => {
    const staff = await account(MEMBERSHIP.hcStaff);
    const { secret } = await enrolTotp(t.app, (await passwordLogin(t.app, staff.email)).json().token);
    const [row] = await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, staff.id));
    expect(row.secretEncrypted).not.toContain(secret);
    expect(row.secretEncrypted).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(await t.db.select().from(portalSecrets)).toHaveLength(1);
    // Moved onto another account's row, it does not open (the account is bound to the seal).
    const other = await account(MEMBERSHIP.patient);
    await t.db
      .insert(totpCredentials)
      .values({ userId: other.id, secretEncrypted: row.secretEncrypted, confirmedAt: new Date() });
    const { token } = (await passwordLogin(t.app, other.email)).json();
    const res = await withToken(t.app, token, 'POST', '/api/v1/sign-in/totp/', {
      code: await totpCode(secret),
    });
    // Refused as a wrong code would be (never a 5xx): the seal names the account it belongs to.
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ code: WRONG_CODE_MESSAGE });
    // On the trail as a failed code, and as a secret that does not open on its row.
    expect(await audits('second_factor.failed', other.id)).toHaveLength(1);
    expect((await audits('second_factor.unreadable', other.id)).map((a) => a.detail)).toEqual([
      { method: 'totp' },
    ]);
  });

  it('accepts a code one step off the clock, refuses two steps off, and accepts each code once', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const { secret } = await enrolTotp(t.app, await tokenFor(t.app, patient), 'test-password');
    const ip = address();
    // The codes below are made from the test's clock and checked on the server's a moment later:
    // start early enough in a 30-second step that no step boundary falls in between.
    await untilFreshStep();
    const step = async (code: string) =>
      withToken(
        t.app,
        (await passwordLogin(t.app, patient.email, 'test-password', ip)).json().token,
        'POST',
        '/api/v1/sign-in/totp/',
        { code },
      );

    // Exactly two steps (60 s) either side: outside the window of one step.
    expect((await step(await totpCode(secret, 60))).statusCode).toBe(400);
    expect((await step(await totpCode(secret, -60))).statusCode).toBe(400);
    const early = await totpCode(secret, 30);
    expect((await step(early)).statusCode).toBe(200);
    // The same code again, and an older step's code after a newer one: refused.
    expect((await step(early)).statusCode).toBe(400);
    expect((await step(await totpCode(secret, -30))).statusCode).toBe(400);
    expect((await audits('second_factor.failed', patient.id)).length).toBe(4);
    expect((await audits('second_factor.used', patient.id)).map((a) => a.detail)).toEqual([
      { method: 'totp' },
    ]);
  });

  it('throttles wrong codes with the login throttle', async () => {
    const patient = await account(MEMBERSHIP.patient);
    await enrolTotp(t.app, await tokenFor(t.app, patient), 'test-password');
    const ip = address();
    const { token } = (await passwordLogin(t.app, patient.email, 'test-password', ip)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-in/totp/',
        headers: { authorization: `Token ${token}` },
        payload: { code: '000000' },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    // The password's own attempt was given back; five wrong codes use up the account's attempts here.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('refuses codes per account after ten failures from any addresses', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const { secret } = await enrolTotp(t.app, await tokenFor(t.app, patient), 'test-password');
    for (let i = 0; i < 10; i++) {
      const ip = `10.37.${sequence}.${i + 1}`;
      const { token } = (await passwordLogin(t.app, patient.email, 'test-password', ip)).json();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-in/totp/',
        headers: { authorization: `Token ${token}` },
        payload: { code: '000000' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    const { token } = (await passwordLogin(t.app, patient.email, 'test-password', '10.38.0.1')).json();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign-in/totp/',
      headers: { authorization: `Token ${token}` },
      payload: { code: await freshTotpCode(secret) },
      remoteAddress: '10.38.0.1',
    });
    expect(refused.statusCode).toBe(429);
  });
});

describe('recovery codes', () => {
  it('stand in for the second factor once each, stored hashed, and tell the account', async () => {
    const hc = await account(MEMBERSHIP.harvestCenter);
    const enrolled = await enrolTotp(t.app, (await passwordLogin(t.app, hc.email)).json().token);
    const codes = enrolled.recovery_codes!;
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, hc.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));

    const use = async (code: string) =>
      withToken(
        t.app,
        (await passwordLogin(t.app, hc.email, 'test-password', address())).json().token,
        'POST',
        '/api/v1/sign-in/recovery-code/',
        { code },
      );
    const first = await use(codes[0].toUpperCase());
    expect(first.statusCode).toBe(200);
    expect((await sessionRow(first.json().token))?.established).toBe('password+recovery_code');
    expect((await use(codes[0])).statusCode).toBe(400);
    expect((await use('abcde-fghjk')).statusCode).toBe(400);
    const left = await t.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, hc.id), isNull(recoveryCodes.usedAt)));
    expect(left).toHaveLength(9);
    await t.app.mailWorker.drain();
    expect(t.mail.sent.some((m) => m.to === hc.email && /recovery code was used/.test(m.subject))).toBe(true);
  });

  it('are made anew from the profile with the password, and the old ones stop working', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const token = await tokenFor(t.app, patient);
    const { recovery_codes: old } = await enrolTotp(t.app, token, 'test-password');
    expect(
      (await withToken(t.app, token, 'POST', '/api/v1/second-factors/recovery-codes/', {})).statusCode,
    ).toBe(400);
    const renewed = await withToken(t.app, token, 'POST', '/api/v1/second-factors/recovery-codes/', {
      current_password: 'test-password',
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recovery_codes).toHaveLength(10);
    const { token: pending } = (await passwordLogin(t.app, patient.email, 'test-password', address())).json();
    const stale = await withToken(t.app, pending, 'POST', '/api/v1/sign-in/recovery-code/', {
      code: old![0],
    });
    expect(stale.statusCode).toBe(400);
  });
});

describe('passkeys', () => {
  it('registers from the profile (password again), then signs in alone, with no e-mail typed', async () => {
    const lab = await account(MEMBERSHIP.labRouteAccess);
    const { token } = await signInFully(t.app, lab.email);
    const noPassword = await withToken(t.app, token, 'POST', '/api/v1/second-factors/passkeys/options/', {});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toHaveProperty('current_password');
    const wrongPassword = await withToken(t.app, token, 'POST', '/api/v1/second-factors/passkeys/options/', {
      current_password: 'not-the-password',
    });
    expect(wrongPassword.statusCode).toBe(400);

    const { authenticator, recovery_codes } = await enrolPasskey(t.app, token, {
      currentPassword: 'test-password',
      name: 'Office key',
    });
    // Not the first factor (the authenticator app was): no new recovery codes.
    expect(recovery_codes).toBeNull();
    const listed = (await withToken(t.app, token, 'GET', '/api/v1/second-factors/')).json();
    expect(listed.passkeys).toMatchObject([{ name: 'Office key', last_used_at: null, other_address: false }]);

    const options = await t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options/' });
    expect(options.json().options).toMatchObject({ rpId: 'portal.test', userVerification: 'required' });
    expect(options.json().options.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.authenticate(options.json().options);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey/',
      payload: { response: assertion },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ stage: 'complete', user: { id: lab.id } });
    expect((await sessionRow(signedIn.json().token))?.established).toBe('passkey');

    // The same assertion again: its challenge is used up.
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey/',
      payload: { response: assertion },
    });
    expect(replayed.statusCode).toBe(400);
    const [key] = await t.db.select().from(passkeys).where(eq(passkeys.userId, lab.id));
    expect(key.counter).toBe(1);
    expect(key.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion by its used challenge, also from an authenticator that does not count', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const { authenticator } = await enrolPasskey(t.app, await tokenFor(t.app, patient), {
      currentPassword: 'test-password',
    });
    const options = (await t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options/' })).json()
      .options;
    // Synced passkeys report 0 every time: only the single-use challenge stops a replay.
    const assertion = authenticator.authenticate(options, { counter: 0 });
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/', payload: { response: assertion } });
    expect((await send()).statusCode).toBe(200);
    const replayed = await send();
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(CHALLENGE_EXPIRED_MESSAGE);
  });

  it('refuses a wrong origin, a wrong RP id, a missing user verification and a stale counter', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const { authenticator } = await enrolPasskey(t.app, await tokenFor(t.app, patient), {
      currentPassword: 'test-password',
    });
    const attempt = async (tampering: Parameters<SoftwareAuthenticator['authenticate']>[1]) => {
      const options = (
        await t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options/' })
      ).json().options;
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/login/passkey/',
        payload: { response: authenticator.authenticate(options, tampering) },
      });
    };
    expect((await attempt({ origin: 'https://portal.evil.example' })).statusCode).toBe(400);
    expect((await attempt({ rpId: 'evil.example' })).statusCode).toBe(400);
    expect((await attempt({ userVerified: false })).statusCode).toBe(400);
    expect((await attempt({ type: 'webauthn.create' })).statusCode).toBe(400);
    expect((await attempt({})).statusCode).toBe(200);
    expect((await attempt({ counter: 1 })).statusCode).toBe(400);
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.action, 'second_factor.failed'));
    expect(failures.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a registration for another origin or RP id', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const token = await tokenFor(t.app, patient);
    for (const tampering of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const start = await withToken(t.app, token, 'POST', '/api/v1/second-factors/passkeys/options/', {
        current_password: 'test-password',
      });
      const response = new SoftwareAuthenticator(TEST_ORIGIN).register(start.json().options, tampering);
      const res = await withToken(t.app, token, 'POST', '/api/v1/second-factors/passkeys/', {
        name: 'Evil',
        response,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, patient.id))).toEqual([]);
  });

  it('is the second step after a password, and another account’s passkey is refused there', async () => {
    const hc = await account(MEMBERSHIP.harvestCenter);
    const pending = (await passwordLogin(t.app, hc.email)).json();
    const enrolled = await enrolPasskey(t.app, pending.token);
    expect(enrolled.recovery_codes).toHaveLength(10);
    expect((await sessionRow(enrolled.sign_in!.token))?.established).toBe('password+passkey');

    const intruder = await account(MEMBERSHIP.patient);
    const intruderKeys = await enrolPasskey(t.app, await tokenFor(t.app, intruder), {
      currentPassword: 'test-password',
    });

    const second = (await passwordLogin(t.app, hc.email, 'test-password', address())).json();
    expect(second).toMatchObject({ stage: 'second_factor', methods: ['passkey', 'recovery_code'] });
    const options = (await withToken(t.app, second.token, 'POST', '/api/v1/sign-in/passkey/options/')).json()
      .options;
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual(
      enrolled.authenticator.credentialIds,
    );
    const foreign = intruderKeys.authenticator.authenticate(options, {
      credentialId: intruderKeys.authenticator.credentialIds[0],
    });
    const refused = await withToken(t.app, second.token, 'POST', '/api/v1/sign-in/passkey/', {
      response: foreign,
    });
    expect(refused.statusCode).toBe(400);

    const again = (await withToken(t.app, second.token, 'POST', '/api/v1/sign-in/passkey/options/')).json()
      .options;
    const own = await withToken(t.app, second.token, 'POST', '/api/v1/sign-in/passkey/', {
      response: enrolled.authenticator.authenticate(again),
    });
    expect(own.statusCode).toBe(200);
    expect((await sessionRow(own.json().token))?.established).toBe('password+passkey');
    // The pending session is spent: it cannot finish twice.
    expect(
      (await withToken(t.app, second.token, 'POST', '/api/v1/sign-in/passkey/options/')).statusCode,
    ).toBe(401);
  });

  it('refuses a passkey-alone sign-in of an inactive account', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const { authenticator } = await enrolPasskey(t.app, await tokenFor(t.app, patient), {
      currentPassword: 'test-password',
    });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, patient.id));
    const options = (await t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options/' })).json()
      .options;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey/',
      payload: { response: authenticator.authenticate(options) },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('changing factors', () => {
  it('is the holder’s own: never from Login As or "Access to this HC"', async () => {
    const admin = await account(MEMBERSHIP.admin);
    const hc = await createHarvestCenter(t.db, { email: `sf-hc-${++sequence}@example.test` });
    const staff = await createHcStaff(t.db, [hc], { email: `sf-staff-${++sequence}@example.test` });
    // The admin passed its own second factor; the HC's own is never asked.
    const adminSession = await signInFully(t.app, admin.email);
    const { secret: hcSecret } = await enrolTotp(t.app, await tokenFor(t.app, hc), 'test-password');
    const loginAs = await withToken(t.app, adminSession.token, 'POST', '/api/v1/users/login-as-user/', {
      user_id: hc.id,
    });
    expect(loginAs.statusCode).toBe(200);
    const asHc = loginAs.json().token;
    expect((await withToken(t.app, asHc, 'GET', '/api/v1/session/')).statusCode).toBe(200);
    expect((await sessionRow(asHc))?.established).toBe('password+totp');
    const refused = await withToken(t.app, asHc, 'POST', '/api/v1/second-factors/totp/remove/', {
      current_password: 'test-password',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LINKED_SESSION_FACTORS_MESSAGE);
    expect((await withToken(t.app, asHc, 'GET', '/api/v1/second-factors/')).statusCode).toBe(403);

    const staffSession = await signInFully(t.app, staff.email);
    const access = await withToken(t.app, staffSession.token, 'POST', '/api/v1/hc-staff/access/', {
      harvest_center_id: hc.id,
    });
    expect(access.statusCode).toBe(200);
    expect((await withToken(t.app, access.json().token, 'GET', '/api/v1/session/')).statusCode).toBe(200);
    expect(
      (
        await withToken(t.app, access.json().token, 'POST', '/api/v1/second-factors/recovery-codes/', {
          current_password: 'test-password',
        })
      ).statusCode,
    ).toBe(403);
    expect(hcSecret).toBeTruthy();
  });

  it('refuses to remove the last factor of an account that must have one; allows it otherwise', async () => {
    const hc = await account(MEMBERSHIP.harvestCenter);
    const { token, totpSecret } = await signInFully(t.app, hc.email);
    expect(totpSecret).toBeTruthy();
    const refused = await withToken(t.app, token, 'POST', '/api/v1/second-factors/totp/remove/', {
      current_password: 'test-password',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LAST_REQUIRED_FACTOR_MESSAGE);
    // With a passkey beside it, the app may go.
    await enrolPasskey(t.app, token, { currentPassword: 'test-password' });
    const removed = await withToken(t.app, token, 'POST', '/api/v1/second-factors/totp/remove/', {
      current_password: 'test-password',
    });
    expect(removed.statusCode).toBe(200);
    expect((await audits('second_factor.removed', hc.id)).map((a) => a.detail)).toEqual([{ method: 'totp' }]);

    const patient = await account(MEMBERSHIP.patient);
    const patientToken = await tokenFor(t.app, patient);
    await enrolTotp(t.app, patientToken, 'test-password');
    const gone = await withToken(t.app, patientToken, 'POST', '/api/v1/second-factors/totp/remove/', {
      current_password: 'test-password',
    });
    expect(gone.statusCode).toBe(200);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, patient.id))).toEqual([]);
    expect((await passwordLogin(t.app, patient.email, 'test-password', address())).json().stage).toBe(
      'complete',
    );
  });

  it('renames and removes only one’s own passkeys', async () => {
    const patient = await account(MEMBERSHIP.patient);
    const other = await account(MEMBERSHIP.patient);
    const token = await tokenFor(t.app, patient);
    await enrolPasskey(t.app, token, { currentPassword: 'test-password' });
    const [key] = await t.db.select().from(passkeys).where(eq(passkeys.userId, patient.id));
    const otherToken = await tokenFor(t.app, other);
    expect(
      (
        await withToken(t.app, otherToken, 'PUT', `/api/v1/second-factors/passkeys/${key.id}/`, {
          name: 'Mine',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await withToken(t.app, otherToken, 'POST', `/api/v1/second-factors/passkeys/${key.id}/remove/`, {
          current_password: 'test-password',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await withToken(t.app, token, 'PUT', `/api/v1/second-factors/passkeys/${key.id}/`, { name: 'Phone' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await withToken(t.app, token, 'POST', `/api/v1/second-factors/passkeys/${key.id}/remove/`, {
          current_password: 'test-password',
        })
      ).statusCode,
    ).toBe(200);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, patient.id))).toEqual([]);
  });
});

describe('an admin resets an account’s factors (a lost device)', () => {
  it('removes them, ends the sessions, mails and audits; the account enrols again at its next sign-in', async () => {
    const admin = await account(MEMBERSHIP.admin);
    const hc = await account(MEMBERSHIP.harvestCenter);
    const { token: hcToken } = await signInFully(t.app, hc.email);
    await enrolPasskey(t.app, hcToken, { currentPassword: 'test-password' });
    const adminToken = (await signInFully(t.app, admin.email)).token;

    const res = await withToken(t.app, adminToken, 'POST', `/api/v1/users/${hc.id}/reset-second-factors/`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, hc.id))).toEqual([]);
    expect(await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, hc.id))).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, hc.id))).toEqual([]);
    expect((await withToken(t.app, hcToken, 'GET', '/api/v1/session/')).statusCode).toBe(401);
    const [reset] = await audits('second_factor.reset', hc.id);
    expect(reset).toMatchObject({ actorUserId: admin.id, detail: { passkeys: 1, totp: true } });
    await t.app.mailWorker.drain();
    expect(t.mail.sent.some((m) => m.to === hc.email && /reset/.test(m.subject))).toBe(true);
    expect((await passwordLogin(t.app, hc.email, 'test-password', address())).json().stage).toBe('enrolment');
  });

  it('stays within the admin’s reach: not a super admin’s by a plain admin, not another domain’s, not one’s own', async () => {
    const admin = await account(MEMBERSHIP.admin);
    const superAdmin = await account(MEMBERSHIP.admin, { isSuperuser: true });
    const [domain] = await t.db
      .insert(domains)
      .values({ name: 'SF Clinic', url: 'https://sf.invalid', host: 'sf.invalid', checkToken: 'sf' })
      .returning();
    const domainAdmin = await account(MEMBERSHIP.admin, { domainId: domain.id });
    const patient = await account(MEMBERSHIP.patient);
    const hcOfDomain = await account(MEMBERSHIP.harvestCenter, { domainId: domain.id });
    const reset = async (as: UserRow, target: UserRow) =>
      (
        await withToken(
          t.app,
          await tokenFor(t.app, as),
          'POST',
          `/api/v1/users/${target.id}/reset-second-factors/`,
        )
      ).statusCode;
    expect(await reset(admin, superAdmin)).toBe(403);
    expect(await reset(domainAdmin, patient)).toBe(404);
    expect(await reset(domainAdmin, hcOfDomain)).toBe(200);
    expect(await reset(admin, admin)).toBe(403);
    expect(await reset(patient, hcOfDomain)).toBe(403);
    expect(await reset(superAdmin, admin)).toBe(200);
  });
});

describe('the policy screen', () => {
  it('is the main portal admins’ to read; the super admin chooses which account types must have a factor (audited)', async () => {
    // Changing it takes the super admin in a session opened with a second factor (credential-guessing.test.ts).
    const admin = await account(MEMBERSHIP.admin, { isSuperuser: true });
    const { token } = await signInFully(t.app, admin.email);
    const policy = (await withToken(t.app, token, 'GET', '/api/admin/second-factor-policy/')).json();
    const required = policy.account_types
      .filter((a: { required: boolean }) => a.required)
      .map((a: { id: number }) => a.id);
    expect(required.sort((a: number, b: number) => a - b)).toEqual([1, 4, 7, 9, 10, 11]);

    const [domain] = await t.db
      .insert(domains)
      .values({ name: 'SF Policy', url: 'https://sfp.invalid', host: 'sfp.invalid', checkToken: 'sfp' })
      .returning();
    const domainAdmin = await account(MEMBERSHIP.admin, { domainId: domain.id });
    expect(
      (await withToken(t.app, await tokenFor(t.app, domainAdmin), 'GET', '/api/admin/second-factor-policy/'))
        .statusCode,
    ).toBe(403);

    const updated = await withToken(t.app, token, 'PUT', '/api/admin/second-factor-policy/', {
      required: [...required, MEMBERSHIP.patient],
    });
    expect(updated.statusCode).toBe(200);
    try {
      const patient = await account(MEMBERSHIP.patient);
      expect((await passwordLogin(t.app, patient.email, 'test-password', address())).json().stage).toBe(
        'enrolment',
      );
      const [changed] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'second_factor.policy_changed'));
      expect(changed).toMatchObject({ actorUserId: admin.id, detail: { after: [1, 2, 4, 7, 9, 10, 11] } });
      expect(
        (await withToken(t.app, token, 'PUT', '/api/admin/second-factor-policy/', { required: [99] }))
          .statusCode,
      ).toBe(400);
    } finally {
      await withToken(t.app, token, 'PUT', '/api/admin/second-factor-policy/', { required });
    }
  });
});

describe('SECRET_KEY', () => {
  it('opens what the generated key sealed after SECRET_KEY is set, and asks for it to be sealed again', async () => {
    const generated = new SecretBox(t.db, undefined);
    const sealed = await generated.seal('JBSWY3DPEHPK3PXPJBSWY3DP', 'totp:1');
    const configured = new SecretBox(t.db, Buffer.alloc(32, 3));
    expect(await configured.open(sealed, 'totp:1')).toEqual({
      plain: 'JBSWY3DPEHPK3PXPJBSWY3DP',
      isCurrent: false,
    });
    const resealed = await configured.seal('JBSWY3DPEHPK3PXPJBSWY3DP', 'totp:1');
    expect(resealed.split('.')[1]).not.toBe(sealed.split('.')[1]);
    expect((await configured.open(resealed, 'totp:1')).isCurrent).toBe(true);
    // Another account's context, or a changed byte: refused.
    await expect(configured.open(resealed, 'totp:2')).rejects.toThrow();
    await expect(configured.open(`${resealed.slice(0, -2)}AA`, 'totp:1')).rejects.toThrow();
  });

  it('seals with the configured key and keeps no generated one', async () => {
    const own = await buildTestApp({ env: { SECRET_KEY: Buffer.alloc(32, 7).toString('base64') } });
    try {
      const patient = await createUserOfRole(own.db, MEMBERSHIP.patient, { email: 'sf-key@example.test' });
      const { secret } = await enrolTotp(own.app, await tokenFor(own.app, patient), 'test-password');
      expect(secret).toBeTruthy();
      expect(await own.db.select().from(portalSecrets)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
