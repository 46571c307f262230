import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { AGREEMENT_REQUIRED_CODE } from '@portal/shared/agreement';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '@portal/shared/passwords';
import { COMPANY_REQUIRED_MESSAGE } from '@portal/shared/profile';
import { TEXT } from '@portal/shared/ui-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { findAccountById } from '../src/modules/accounts/account-view.repository.ts';
import { createUser, createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
let admin: UserRow;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin, { firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());

const profile = {
  first_name: 'Pat',
  last_name: 'Patient',
  phone_number: '(512) 555-0100',
  email: 'pat.patient@example.test',
  address1: '1 Main St',
  address2: '',
  city: 'Austin',
  state_desc: 'Texas',
  country_desc: 'United States',
  zip_code: '78701',
};

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login/', payload: { email, password } });

describe('GET /api/v1/users/{id}/', () => {
  it('a user reads their own account, without the password hash', async () => {
    const patient = await createUser(t.db, { membershipId: MEMBERSHIP.patient, tags: [1] });
    const res = await injectAs(t.app, patient, { url: `/api/v1/users/${patient.id}/` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: patient.id,
      email: patient.email,
      membership: [{ id: 2, name: 'General Member' }],
      subscription: 2,
      tags: [1],
      is_active: true,
      agreement_accepted: true,
      staff_hc_ids: [],
      domain: null,
    });
    expect(body.date_joined).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('a patient cannot read another user', async () => {
    const patient = await createUser(t.db);
    const other = await createUser(t.db);
    const res = await injectAs(t.app, patient, { url: `/api/v1/users/${other.id}/` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only see your own account.');
  });

  it('an admin reads anyone; a missing user is 404 and a bad id 400', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { company: 'Clinic' });
    expect((await injectAs(t.app, admin, { url: `/api/v1/users/${hc.id}/` })).json().company).toBe('Clinic');
    expect((await injectAs(t.app, admin, { url: '/api/v1/users/999999/' })).statusCode).toBe(404);
    expect((await injectAs(t.app, admin, { url: '/api/v1/users/abc/' })).statusCode).toBe(400);
    expect((await injectAs(t.app, admin, { url: '/api/v1/users/-3/' })).statusCode).toBe(400);
  });

  it('without a session it is 401', async () => {
    expect((await t.app.inject({ url: `/api/v1/users/${admin.id}/` })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/identifier/{id}/', () => {
  it('finds by id, username or e-mail for an admin', async () => {
    const user = await createUser(t.db, { email: 'ident.me@example.test' });
    for (const key of [String(user.id), 'ident.me@example.test', 'IDENT.ME@example.test']) {
      const res = await injectAs(t.app, admin, {
        url: `/api/v1/users/identifier/${encodeURIComponent(key)}/`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(user.id);
    }
    expect(
      (await injectAs(t.app, admin, { url: '/api/v1/users/identifier/nobody@x.test/' })).statusCode,
    ).toBe(404);
  });

  it('others see only themselves and learn nothing about other accounts', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    expect((await injectAs(t.app, user, { url: `/api/v1/users/identifier/${user.email}/` })).statusCode).toBe(
      200,
    );
    expect(
      (await injectAs(t.app, user, { url: `/api/v1/users/identifier/${other.email}/` })).statusCode,
    ).toBe(403);
    expect((await injectAs(t.app, user, { url: '/api/v1/users/identifier/nobody@x.test/' })).statusCode).toBe(
      403,
    );
  });
});

describe('PUT and PATCH /api/v1/users/{id}/ (profile)', () => {
  it('saves the profile form and answers the updated user', async () => {
    const patient = await createUser(t.db);
    const res = await injectAs(t.app, patient, {
      method: 'PUT',
      url: `/api/v1/users/${patient.id}/`,
      // A new login e-mail comes with the current password (account-security.test.ts).
      payload: { ...profile, current_password: 'test-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...profile, phone_number: '5125550100', username: profile.email });
    const patch = await injectAs(t.app, patient, {
      method: 'PATCH',
      url: `/api/v1/users/${patient.id}/`,
      payload: { city: 'Dallas' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ city: 'Dallas', first_name: 'Pat' });
    // The new e-mail is the login.
    expect((await login(profile.email, 'test-password')).statusCode).toBe(200);
  });

  it('refuses another user’s profile', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const res = await injectAs(t.app, a, {
      method: 'PATCH',
      url: `/api/v1/users/${b.id}/`,
      payload: { city: 'X' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, b.id));
    expect(row.city).toBe('');
  });

  it('an admin may edit another user’s profile fields', async () => {
    const user = await createUser(t.db);
    const res = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/users/${user.id}/`,
      payload: { city: 'Waco' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().city).toBe('Waco');
  });

  it('ignores fields outside the form: membership, tags, active state, sales links (mass assignment)', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { company: 'My Clinic' });
    const res = await injectAs(t.app, hc, {
      method: 'PATCH',
      url: `/api/v1/users/${hc.id}/`,
      payload: {
        city: 'Houston',
        membership: [{ id: 7 }],
        membership_id: 7,
        subscription: 7,
        membershipId: 7,
        is_active: false,
        is_superuser: true,
        isSuperuser: true,
        tags: [1, 2],
        saless_rep_id: admin.id,
        sales_manager_id: admin.id,
        agreement_accepted_at: null,
        password_hash: 'x',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      city: 'Houston',
      subscription: 4,
      is_active: true,
      is_superuser: false,
      tags: [],
      saless_rep_id: null,
      sales_manager_id: null,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, hc.id));
    expect(row).toMatchObject({ membershipId: 4, isActive: true, isSuperuser: false });
    expect((await findAccountById(t.db, hc.id))?.salesRepId).toBeNull();
    expect(row.passwordHash).not.toBe('x');
    // Still an HC: admin routes stay closed.
    expect((await injectAs(t.app, hc, { url: '/api/admin/users/' })).statusCode).toBe(403);
  });

  it('template_id: only the super admin may change it', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { company: 'C', templateId: 'tpl-1' });
    const own = await injectAs(t.app, hc, {
      method: 'PATCH',
      url: `/api/v1/users/${hc.id}/`,
      payload: { template_id: 'tpl-evil' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Only the super admin can change the template id.');
    // Sending it unchanged (a whole form) is fine.
    const same = await injectAs(t.app, hc, {
      method: 'PATCH',
      url: `/api/v1/users/${hc.id}/`,
      payload: { template_id: 'tpl-1', city: 'Austin' },
    });
    expect(same.statusCode).toBe(200);
    const byAdmin = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/users/${hc.id}/`,
      payload: { template_id: 'tpl-2' },
    });
    expect(byAdmin.statusCode).toBe(403);
    const superAdmin = await createUserOfRole(t.db, MEMBERSHIP.admin, { isSuperuser: true });
    const bySuper = await injectAs(t.app, superAdmin, {
      method: 'PATCH',
      url: `/api/v1/users/${hc.id}/`,
      payload: { template_id: 'tpl-2' },
    });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().template_id).toBe('tpl-2');
  });

  it('validates: required fields, numeric phone, e-mail format and uniqueness, company for 4 and 9', async () => {
    const staff = await createUserOfRole(t.db, MEMBERSHIP.hcStaff, { company: 'Staffing' });
    const put = (payload: object) =>
      injectAs(t.app, staff, { method: 'PUT', url: `/api/v1/users/${staff.id}/`, payload });
    const base = { ...profile, email: staff.email };

    const missing = await put({ ...base, first_name: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.first_name).toBe('First name is required');

    const phone = await put({ ...base, phone_number: '512-CALL-ME' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors.phone_number).toBe('Phone number must contain digits only');

    const noPhone = await put({ ...base, phone_number: '' });
    expect(noPhone.json().errors.phone_number).toBe('Phone number is required');

    const email = await put({ ...base, email: 'not-an-email' });
    expect(email.json().errors.email).toBe('Enter a valid e-mail address');

    const taken = await put({ ...base, email: admin.email.toUpperCase(), current_password: 'test-password' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      message: EMAIL_TAKEN_MESSAGE,
      errors: { email: EMAIL_TAKEN_MESSAGE },
    });

    const noCompany = await put({ ...base, company: '' });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().message).toBe(COMPANY_REQUIRED_MESSAGE);

    // A patient has no company field: blank is fine.
    const patient = await createUser(t.db);
    const ok = await injectAs(t.app, patient, {
      method: 'PUT',
      url: `/api/v1/users/${patient.id}/`,
      payload: { ...profile, email: patient.email, company: '' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('private membership agreement', () => {
  it('before acceptance: check-agreement and accepting work, every other call is refused', async () => {
    const patient = await createUser(t.db, { agreementAccepted: false });
    const token = await tokenFor(t.app, patient);

    const check = await injectAs(t.app, token, { url: `/api/v1/utilities/check-agreement/${patient.id}/` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ agreement: false });

    for (const [method, url] of [
      ['GET', `/api/v1/users/${patient.id}/`],
      ['GET', '/api/v1/user-tags/'],
      ['POST', '/api/v1/utilities/contact/'],
    ] as const) {
      const res = await injectAs(t.app, token, { method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe(AGREEMENT_REQUIRED_CODE);
    }
    // The profile route is open before acceptance only to accept.
    const sneak = await injectAs(t.app, token, {
      method: 'PATCH',
      url: `/api/v1/users/${patient.id}/`,
      payload: { city: 'Elsewhere' },
    });
    expect(sneak.statusCode).toBe(403);
    expect(sneak.json().code).toBe(AGREEMENT_REQUIRED_CODE);

    const accept = await injectAs(t.app, token, {
      method: 'PATCH',
      url: `/api/v1/users/${patient.id}/`,
      payload: { check_agreement: new Date().toISOString() },
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toMatchObject({ agreement_accepted: true, city: '' });
    expect(accept.json().agreement_accepted_at).toEqual(expect.any(String));

    expect((await injectAs(t.app, token, { url: `/api/v1/users/${patient.id}/` })).statusCode).toBe(200);
    const after = await injectAs(t.app, token, { url: `/api/v1/utilities/check-agreement/${patient.id}/` });
    expect(after.json()).toEqual({ agreement: true });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, patient.id));
    expect(audit.map((a) => a.action)).toContain('agreement.accepted');
  });

  it('a self-registered staff member or HC without a company accepts it; a PATCH checks only what it sends', async () => {
    // The staff sign-up asks for no company (part 2 §5); the profile form asks for it later.
    for (const membershipId of [MEMBERSHIP.hcStaff, MEMBERSHIP.harvestCenter]) {
      const fresh = await createUserOfRole(t.db, membershipId, { company: '', agreementAccepted: false });
      const token = await tokenFor(t.app, fresh);
      const accept = await injectAs(t.app, token, {
        method: 'PATCH',
        url: `/api/v1/users/${fresh.id}/`,
        payload: { check_agreement: new Date().toISOString() },
      });
      expect(accept.statusCode, `membership ${membershipId}`).toBe(200);
      expect(accept.json()).toMatchObject({ agreement_accepted: true, company: '' });

      const phoneOnly = await injectAs(t.app, token, {
        method: 'PATCH',
        url: `/api/v1/users/${fresh.id}/`,
        payload: { phone_number: '5125550100' },
      });
      expect(phoneOnly.statusCode).toBe(200);
      // Emptying the company is still refused where it is required.
      const blank = await injectAs(t.app, token, {
        method: 'PATCH',
        url: `/api/v1/users/${fresh.id}/`,
        payload: { company: ' ' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors.company).toBe(COMPANY_REQUIRED_MESSAGE);
    }
  });

  it('nobody accepts for someone else, and others’ status is private', async () => {
    const patient = await createUser(t.db, { agreementAccepted: false });
    const other = await createUser(t.db);
    const byAdmin = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/users/${patient.id}/`,
      payload: { check_agreement: Date.now() },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(
      (await injectAs(t.app, other, { url: `/api/v1/utilities/check-agreement/${patient.id}/` })).statusCode,
    ).toBe(403);
    const byAdminCheck = await injectAs(t.app, admin, {
      url: `/api/v1/utilities/check-agreement/${patient.id}/`,
    });
    expect(byAdminCheck.json()).toEqual({ agreement: false });
  });
});

describe('POST /api/v1/users/update-password/{id}/ (own password)', () => {
  const update = (user: UserRow | string, id: number, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/v1/users/update-password/${id}/`, payload });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(t.db, { email: 'own.pw@example.test' });
    const here = await tokenFor(t.app, user);
    const elsewhere = await tokenFor(t.app, user);
    const res = await update(here, user.id, {
      password_current: 'test-password',
      password_new: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been changed.');
    expect((await injectAs(t.app, here, { url: '/api/v1/session/' })).statusCode).toBe(200);
    expect((await injectAs(t.app, elsewhere, { url: '/api/v1/session/' })).statusCode).toBe(401);
    expect((await login('own.pw@example.test', 'a-new-password')).statusCode).toBe(200);
  });

  it('gives a clear 400 for a wrong current password, a mismatch and a short password', async () => {
    const user = await createUser(t.db);
    const wrong = await update(user, user.id, {
      password_current: 'not-it',
      password_new: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);

    const mismatch = await update(user, user.id, {
      password_current: 'test-password',
      password_new: 'a-new-password',
      password_confirmation: 'another-password',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.password_confirmation).toBe(TEXT.passwordsDoNotMatch);

    const short = await update(user, user.id, {
      password_current: 'test-password',
      password_new: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password_new).toBe('Password must be at least 8 characters');
    expect((await login(user.email, 'test-password')).statusCode).toBe(200);
  });

  it('only one’s own password', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const res = await update(user, other.id, {
      password_current: 'test-password',
      password_new: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    expect(res.statusCode).toBe(403);
    const byAdmin = await update(admin, other.id, {
      password_current: 'test-password',
      password_new: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('POST /api/v1/utilities/contact/', () => {
  it('delivers the message to support through the outbox, reply-to the sender', async () => {
    const user = await createUser(t.db, { email: 'asker@example.test' });
    const res = await injectAs(t.app, user, {
      method: 'POST',
      url: '/api/v1/utilities/contact/',
      payload: {
        name: 'Ann Asker',
        email: 'ann@example.test',
        phone: '5125550100',
        message: 'Where are my vials?',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Thank you. Your message has been sent.');
    await t.app.mailWorker.drain();
    const mail = t.mail.sent.find((m) => m.subject === 'Contact form: Ann Asker');
    expect(mail).toMatchObject({ to: t.app.config.supportEmail, replyTo: 'ann@example.test' });
    expect(mail?.text).toContain('Where are my vials?');
    expect(mail?.text).toContain('asker@example.test');
  });

  it('requires name, e-mail and message, and a session', async () => {
    const user = await createUser(t.db);
    const res = await injectAs(t.app, user, {
      method: 'POST',
      url: '/api/v1/utilities/contact/',
      payload: { name: '', email: 'x', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Name is required',
      email: 'Enter a valid e-mail address',
      message: 'Message is required',
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/utilities/contact/',
      payload: { name: 'A', email: 'a@example.test', message: 'Hi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
