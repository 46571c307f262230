import {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  LINKED_SESSION_EMAIL_MESSAGE,
  OWN_PASSWORD_BY_ADMIN_MESSAGE,
  SUPER_ADMIN_ONLY_MESSAGE,
} from '@portal/shared/credential-changes';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '@portal/shared/passwords';
import { PATIENT_FIELD_NOT_EDITABLE_MESSAGE } from '@portal/shared/patients';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { createUser, createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { createHarvestCenter, createHcStaff, createPatient } from '../src/seed/patient-factories.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

/**
 * Issue 8, account security: changing a login e-mail or password (finding 1), who may write a
 * super admin or a patient's login (finding 2), and which sessions end after a password change,
 * a reset or a deactivation.
 */

let t: TestApp;
let admin: UserRow;
let superAdmin: UserRow;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin);
  superAdmin = await createUserOfRole(t.db, MEMBERSHIP.adminEquivalent, { isSuperuser: true });
});
afterAll(() => t.close());

const PASSWORD = 'test-password';

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login/', payload: { email, password } });
const patchProfile = (as: UserRow | string, id: number, payload: object) =>
  injectAs(t.app, as, { method: 'PATCH', url: `/api/v1/users/${id}/`, payload });
const editUser = (as: UserRow | string, id: number, payload: object) =>
  injectAs(t.app, as, { method: 'POST', url: `/api/v1/users/update/${id}/`, payload });
const sessionOf = (token: string) => injectAs(t.app, token, { url: '/api/v1/session/' });
const isLive = async (token: string) => (await sessionOf(token)).statusCode === 200;

async function emailOf(id: number): Promise<string> {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row.email;
}

/** A staff-access session ("Access to this HC") of `staff` into `hc`. */
async function staffAccess(staff: UserRow, hc: UserRow): Promise<string> {
  const res = await injectAs(t.app, staff, {
    method: 'POST',
    url: '/api/v1/hc-staff/access/',
    payload: { harvest_center_id: hc.id },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

/** A Login As session of `by` (an admin) into `target`. */
async function loginAsSession(by: UserRow, target: UserRow): Promise<string> {
  const res = await injectAs(t.app, by, {
    method: 'POST',
    url: '/api/v1/users/login-as-user/',
    payload: { user_id: target.id },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

describe('changing one’s own login e-mail needs the current password', () => {
  it('missing or wrong current_password is a 400 on the field; the right one changes the login', async () => {
    const user = await createUser(t.db, { email: 'own.email@example.test' });
    const token = await tokenFor(t.app, user);

    const missing = await patchProfile(token, user.id, { email: 'new.own.email@example.test' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: CURRENT_PASSWORD_REQUIRED_MESSAGE,
      errors: { current_password: CURRENT_PASSWORD_REQUIRED_MESSAGE },
    });

    const wrong = await patchProfile(token, user.id, {
      email: 'new.own.email@example.test',
      current_password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: WRONG_CURRENT_PASSWORD_MESSAGE });
    expect(await emailOf(user.id)).toBe('own.email@example.test');

    const right = await patchProfile(token, user.id, {
      email: 'New.Own.Email@example.test',
      current_password: PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ email: 'new.own.email@example.test' });
    expect((await login('new.own.email@example.test', PASSWORD)).statusCode).toBe(200);
  });

  it('the whole form sent back with the same e-mail (any case) needs no password', async () => {
    const user = await createUser(t.db, { email: 'same.email@example.test' });
    const res = await injectAs(t.app, user, {
      method: 'PUT',
      url: `/api/v1/users/${user.id}/`,
      payload: {
        first_name: 'Sam',
        last_name: 'Same',
        phone_number: '5125550100',
        email: 'SAME.email@example.test',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().first_name).toBe('Sam');
  });

  it('an admin’s own e-mail from the admin form needs it too', async () => {
    const self = await createUserOfRole(t.db, MEMBERSHIP.admin, { email: 'admin.self@example.test' });
    const missing = await editUser(self, self.id, { email: 'admin.self2@example.test' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ current_password: CURRENT_PASSWORD_REQUIRED_MESSAGE });
    const ok = await editUser(self, self.id, {
      email: 'admin.self2@example.test',
      current_password: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('admin.self2@example.test');
  });
});

describe('linked sessions never change a login e-mail or password', () => {
  it('staff inside "Access to this HC" cannot change the HC’s login e-mail (the takeover of finding 1)', async () => {
    const hc = await createHarvestCenter(t.db, { email: 'hc.takeover@example.test' });
    const staff = await createHcStaff(t.db, [hc]);
    const token = await staffAccess(staff, hc);

    // Knowing the password does not help: the session is the staff member's, not the HC's.
    for (const payload of [
      { email: 'attacker@example.test' },
      { email: 'attacker@example.test', current_password: PASSWORD },
    ]) {
      const res = await patchProfile(token, hc.id, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LINKED_SESSION_EMAIL_MESSAGE);
    }
    expect(await emailOf(hc.id)).toBe('hc.takeover@example.test');

    // The password is refused as before.
    const password = await injectAs(t.app, token, {
      method: 'POST',
      url: `/api/v1/users/update-password/${hc.id}/`,
      payload: {
        password_current: PASSWORD,
        password_new: 'taken-over!',
        password_confirmation: 'taken-over!',
      },
    });
    expect(password.statusCode).toBe(403);

    // Other contact details stay editable for the HC, and the e-mail may be sent back unchanged.
    const city = await patchProfile(token, hc.id, { city: 'Austin', email: 'hc.takeover@example.test' });
    expect(city.statusCode).toBe(200);
    expect(city.json().city).toBe('Austin');
  });

  it('an admin inside Login As cannot change the user’s login e-mail', async () => {
    const patient = await createUser(t.db, { email: 'login.as.target@example.test' });
    const token = await loginAsSession(admin, patient);
    const res = await patchProfile(token, patient.id, {
      email: 'admin.choice@example.test',
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LINKED_SESSION_EMAIL_MESSAGE);
    expect(await emailOf(patient.id)).toBe('login.as.target@example.test');
  });
});

describe('admins change other users’ e-mail from their own session', () => {
  it('from the admin form and the profile route, without the user’s password', async () => {
    const patient = await createUser(t.db, { email: 'admin.edits.me@example.test' });
    const edit = await editUser(admin, patient.id, { email: 'admin.edited@example.test' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      email: 'admin.edited@example.test',
      username: 'admin.edited@example.test',
    });
    const patch = await patchProfile(admin, patient.id, { email: 'admin.edited.again@example.test' });
    expect(patch.statusCode).toBe(200);
    expect((await login('admin.edited.again@example.test', PASSWORD)).statusCode).toBe(200);
  });

  it('changing one’s own password through the admin route is refused: it skips the current password', async () => {
    const self = await createUserOfRole(t.db, MEMBERSHIP.admin, { email: 'admin.own.pw@example.test' });
    const res = await injectAs(t.app, self, {
      method: 'POST',
      url: '/api/v1/users/change-password/',
      payload: { user_id: self.id, new_password_change: 'no-current-needed' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(OWN_PASSWORD_BY_ADMIN_MESSAGE);
    expect((await login('admin.own.pw@example.test', PASSWORD)).statusCode).toBe(200);
  });
});

describe('only a super admin writes to a super admin account', () => {
  it('a plain admin is refused every write; the super admin is not', async () => {
    const target = await createUserOfRole(t.db, MEMBERSHIP.admin, {
      isSuperuser: true,
      email: 'protected.super@example.test',
      isActive: false,
    });
    const writes = [
      () => patchProfile(admin, target.id, { city: 'Rewritten' }),
      () =>
        injectAs(t.app, admin, {
          method: 'PUT',
          url: `/api/v1/users/${target.id}/`,
          payload: {
            first_name: 'X',
            last_name: 'Y',
            phone_number: '1',
            email: 'protected.super@example.test',
          },
        }),
      () => editUser(admin, target.id, { email: 'mine.now@example.test' }),
      () => editUser(admin, target.id, { tags: [] }),
      () => injectAs(t.app, admin, { url: `/api/v1/users/set/active/${target.id}/` }),
      () =>
        injectAs(t.app, admin, {
          method: 'POST',
          url: '/api/v1/utilities/reset-user-password/',
          payload: { user_id: target.id },
        }),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SUPER_ADMIN_ONLY_MESSAGE);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ city: '', email: 'protected.super@example.test', isActive: false });

    expect((await patchProfile(superAdmin, target.id, { city: 'Allowed' })).statusCode).toBe(200);
    expect(
      (await injectAs(t.app, superAdmin, { url: `/api/v1/users/set/active/${target.id}/` })).statusCode,
    ).toBe(200);
  });
});

describe('HCs never change a patient’s login e-mail', () => {
  it('the HC form has no e-mail field to change; the HC still sets it when it adds a patient', async () => {
    const hc = await createHarvestCenter(t.db);
    const patient = await createPatient(t.db, { harvestCenter: hc, email: 'hc.patient@example.test' });
    const detail = await injectAs(t.app, hc, { url: `/api/v1/patients/${patient.id}/` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().editable_fields).not.toContain('email');
    expect(detail.json().editable_fields).toContain('first_name');

    const change = await injectAs(t.app, hc, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/`,
      payload: { email: 'hc.redirects@example.test' },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().errors).toEqual({ email: PATIENT_FIELD_NOT_EDITABLE_MESSAGE });
    expect(await emailOf(patient.id)).toBe('hc.patient@example.test');

    // The whole form sent back with the same e-mail is fine.
    const same = await injectAs(t.app, hc, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/`,
      payload: { email: 'hc.patient@example.test', first_name: 'Nell' },
    });
    expect(same.statusCode).toBe(200);

    const created = await injectAs(t.app, hc, {
      method: 'POST',
      url: '/api/v1/patients/',
      payload: { first_name: 'New', last_name: 'Patient', email: 'hc.new.patient@example.test' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.email).toBe('hc.new.patient@example.test');

    // An admin, in the admin’s own session, may change it.
    const byAdmin = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/`,
      payload: { email: 'admin.fixed@example.test' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(await emailOf(patient.id)).toBe('admin.fixed@example.test');
  });

  it('nor does staff acting for the HC', async () => {
    const hc = await createHarvestCenter(t.db);
    const staff = await createHcStaff(t.db, [hc]);
    const patient = await createPatient(t.db, { harvestCenter: hc, email: 'staff.patient@example.test' });
    const token = await staffAccess(staff, hc);
    const res = await injectAs(t.app, token, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/`,
      payload: { email: 'staff.redirects@example.test' },
    });
    expect(res.statusCode).toBe(403);
    expect(await emailOf(patient.id)).toBe('staff.patient@example.test');
  });
});

/**
 * An HC with two sessions of its own, a staff-access and a Login As session opened into it, and
 * the staff member's own session (another person's, which must survive).
 */
async function hcWithSessionsIntoIt() {
  const hc = await createHarvestCenter(t.db);
  const staff = await createHcStaff(t.db, [hc]);
  const own = await tokenFor(t.app, hc);
  const other = await tokenFor(t.app, hc);
  const staffInto = await staffAccess(staff, hc);
  const adminInto = await loginAsSession(admin, hc);
  const staffOwn = await tokenFor(t.app, staff);
  return { hc, staff, own, other, staffInto, adminInto, staffOwn };
}

/** A staff member with two sessions of its own and a staff-access session it opened into its HC. */
async function staffWithSessionsItOpened() {
  const hc = await createHarvestCenter(t.db);
  const staff = await createHcStaff(t.db, [hc]);
  const own = await tokenFor(t.app, staff);
  const other = await tokenFor(t.app, staff);
  const opened = await staffAccess(staff, hc);
  const hcOwn = await tokenFor(t.app, hc);
  return { hc, staff, own, other, opened, hcOwn };
}

async function resetPasswordOf(user: UserRow, password: string) {
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/reset-password/',
    payload: { email: user.email },
  });
  expect(requested.statusCode).toBe(200);
  await t.app.mailWorker.drain();
  const mail = t.mail.sent.findLast((m) => m.to === user.email);
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeDefined();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/reset-password/confirm/',
    payload: { token, password, password_confirmation: password },
  });
  expect(confirmed.statusCode).toBe(200);
}

/** The /password page's call, in the session `token`. */
function changeOwnPassword(token: Parameters<typeof injectAs>[1], userId: number) {
  return injectAs(t.app, token, {
    method: 'POST',
    url: `/api/v1/users/update-password/${userId}/`,
    payload: {
      password_current: PASSWORD,
      password_new: 'a-new-password',
      password_confirmation: 'a-new-password',
    },
  });
}

describe('after a password change, a reset or a deactivation every session acting as the account ends', () => {
  it('own password change: other sessions and linked sessions into the account end, this one stays', async () => {
    const w = await hcWithSessionsIntoIt();
    expect((await changeOwnPassword(w.own, w.hc.id)).statusCode).toBe(200);
    expect(await isLive(w.own)).toBe(true);
    expect(await isLive(w.other)).toBe(false);
    expect(await isLive(w.staffInto)).toBe(false);
    expect(await isLive(w.adminInto)).toBe(false);
    // The staff member's own session is another person's: it stays.
    expect(await isLive(w.staffOwn)).toBe(true);
  });

  it('own password change also ends the sessions the person opened as someone else', async () => {
    const w = await staffWithSessionsItOpened();
    expect((await changeOwnPassword(w.own, w.staff.id)).statusCode).toBe(200);
    expect(await isLive(w.own)).toBe(true);
    expect(await isLive(w.other)).toBe(false);
    expect(await isLive(w.opened)).toBe(false);
    expect(await isLive(w.hcOwn)).toBe(true);
  });

  it('password reset: every session of the account, into it, and opened by the person ends', async () => {
    const into = await hcWithSessionsIntoIt();
    await resetPasswordOf(into.hc, 'reset-password-1');
    for (const token of [into.own, into.other, into.staffInto, into.adminInto])
      expect(await isLive(token)).toBe(false);
    expect(await isLive(into.staffOwn)).toBe(true);

    const opened = await staffWithSessionsItOpened();
    await resetPasswordOf(opened.staff, 'reset-password-2');
    for (const token of [opened.own, opened.other, opened.opened]) expect(await isLive(token)).toBe(false);
    expect(await isLive(opened.hcOwn)).toBe(true);
  });

  it('a password set by an admin: every session of the account, into it, and opened by the person ends', async () => {
    const into = await hcWithSessionsIntoIt();
    const setInto = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/users/change-password/',
      payload: { user_id: into.hc.id, new_password_change: 'set-by-admin' },
    });
    expect(setInto.statusCode).toBe(200);
    for (const token of [into.own, into.other, into.staffInto, into.adminInto])
      expect(await isLive(token)).toBe(false);
    expect(await isLive(into.staffOwn)).toBe(true);

    const opened = await staffWithSessionsItOpened();
    await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/users/change-password/',
      payload: { user_id: opened.staff.id, new_password_change: 'set-by-admin' },
    });
    for (const token of [opened.own, opened.other, opened.opened]) expect(await isLive(token)).toBe(false);
    expect(await isLive(opened.hcOwn)).toBe(true);
  });

  it('deactivation: the same, and the sessions stay dead after reactivation', async () => {
    const into = await hcWithSessionsIntoIt();
    expect(
      (await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${into.hc.id}/` })).statusCode,
    ).toBe(200);
    await injectAs(t.app, admin, { url: `/api/v1/users/set/active/${into.hc.id}/` });
    for (const token of [into.own, into.other, into.staffInto, into.adminInto])
      expect(await isLive(token)).toBe(false);
    expect(await isLive(into.staffOwn)).toBe(true);

    const opened = await staffWithSessionsItOpened();
    await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${opened.staff.id}/` });
    for (const token of [opened.own, opened.other, opened.opened]) expect(await isLive(token)).toBe(false);
    expect(await isLive(opened.hcOwn)).toBe(true);
  });
});
