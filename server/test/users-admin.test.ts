import {
  EMAIL_CHECKS_LIMITED,
  EMAIL_CHECKS_PER_MINUTE,
  EMAIL_TAKEN_MESSAGE,
} from '@portal/shared/account-email';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, users } from '../src/db/schema/accounts.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { vialRecords } from '../src/db/schema/vials.ts';
import { accountColumns, selectAccounts } from '../src/modules/accounts/account-view.repository.ts';
import { createUser, createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
let admin: UserRow;
let superAdmin: UserRow;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin);
  superAdmin = await createUserOfRole(t.db, MEMBERSHIP.adminEquivalent, { isSuperuser: true });
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login/', payload: { email, password } });

async function row(id: number) {
  const [found] = await selectAccounts(t.db, accountColumns).where(eq(users.id, id));
  return found;
}

describe('POST /api/v1/users/ (Add Patient, Add Harvest Center)', () => {
  it('creates a harvest center (subscription 4) that can log in', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/users/',
      payload: {
        subscription: 4,
        email: 'New.Center@example.test',
        first_name: 'Nina',
        last_name: 'Center',
        company: 'North Clinic',
        password: 'center-password',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.center@example.test',
      company: 'North Clinic',
      subscription: 4,
      membership: [{ id: 4, name: 'Harvest Center' }],
      agreement_accepted: false,
    });
    expect((await login('new.center@example.test', 'center-password')).statusCode).toBe(200);
  });

  it('creates a patient (subscription 2) without a password', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/users/',
      payload: {
        subscription: 2,
        email: 'new.patient@example.test',
        first_name: 'Paul',
        last_name: 'Patient',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subscription: 2, company: '' });
  });

  it('creates an HC staff member (subscription 9) with no center yet, who can log in', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/users/',
      payload: {
        subscription: 9,
        email: 'new.staff@example.test',
        first_name: 'Sam',
        last_name: 'Staff',
        company: 'North Clinic',
        password: 'staff-password',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ subscription: 9, company: 'North Clinic', staff_hc_ids: [] });
    expect((await login('new.staff@example.test', 'staff-password')).statusCode).toBe(200);
  });

  it('validates fields, the subscription and a taken e-mail', async () => {
    const post = (payload: object) =>
      injectAs(t.app, admin, { method: 'POST', url: '/api/v1/users/', payload });
    const noCompany = await post({
      subscription: 4,
      email: 'c2@example.test',
      first_name: 'A',
      last_name: 'B',
      company: '',
      password: 'center-password',
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().errors.company).toBe('Company is required');
    const short = await post({
      subscription: 4,
      email: 'c3@example.test',
      first_name: 'A',
      last_name: 'B',
      company: 'C',
      password: 'short',
    });
    expect(short.json().errors.password).toBe('Password must be at least 8 characters');
    const admins = await post({ subscription: 7, email: 'x@example.test', first_name: 'A', last_name: 'B' });
    expect(admins.statusCode).toBe(400);
    const taken = await post({ subscription: 2, email: admin.email, first_name: 'A', last_name: 'B' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(EMAIL_TAKEN_MESSAGE);
  });

  it('is for admins only', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter);
    const res = await injectAs(t.app, hc, {
      method: 'POST',
      url: '/api/v1/users/',
      payload: { subscription: 2, email: 'sneaky@example.test', first_name: 'A', last_name: 'B' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/v1/users/update/{id}/ (Edit user)', () => {
  const edit = (as: UserRow, id: number, payload: object) =>
    injectAs(t.app, as, { method: 'POST', url: `/api/v1/users/update/${id}/`, payload });

  it('edits an HC: company, sales rep (bringing its manager and distributor), tags, numeric phone', async () => {
    const distributor = await createUserOfRole(t.db, MEMBERSHIP.salesDistributor);
    const manager = await createUserOfRole(t.db, MEMBERSHIP.salesManager, {
      salesDistributorId: distributor.id,
    });
    const rep = await createUserOfRole(t.db, MEMBERSHIP.salesRep, {
      salesManagerId: manager.id,
      salesDistributorId: distributor.id,
    });
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { company: 'Old' });
    const res = await edit(admin, hc.id, {
      company: 'New Clinic',
      phone_number: '512 555 0199',
      saless_rep_id: rep.id,
      tags: [2, 1, 2],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company: 'New Clinic',
      phone_number: '5125550199',
      saless_rep_id: rep.id,
      sales_manager_id: manager.id,
      sales_distributor_id: distributor.id,
      tags: [1, 2],
    });
    const cleared = await edit(admin, hc.id, { saless_rep_id: null, tags: [] });
    expect(cleared.json()).toMatchObject({ saless_rep_id: null, sales_manager_id: null, tags: [] });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.updated'), eq(auditLog.targetUserId, hc.id)));
    expect(audit[0].actorUserId).toBe(admin.id);
  });

  it('moves a rep to another manager and carries the distributor to the rep’s centers', async () => {
    const d1 = await createUserOfRole(t.db, MEMBERSHIP.salesDistributor);
    const d2 = await createUserOfRole(t.db, MEMBERSHIP.salesDistributor);
    const m1 = await createUserOfRole(t.db, MEMBERSHIP.salesManager, { salesDistributorId: d1.id });
    const m2 = await createUserOfRole(t.db, MEMBERSHIP.salesManager, { salesDistributorId: d2.id });
    const rep = await createUserOfRole(t.db, MEMBERSHIP.salesRep, {
      salesManagerId: m1.id,
      salesDistributorId: d1.id,
    });
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, {
      company: 'HC',
      salesRepId: rep.id,
      salesManagerId: m1.id,
      salesDistributorId: d1.id,
    });
    const res = await edit(admin, rep.id, { sales_manager_id: m2.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sales_manager_id: m2.id, sales_distributor_id: d2.id });
    expect(await row(hc.id)).toMatchObject({
      salesRepId: rep.id,
      salesManagerId: m2.id,
      salesDistributorId: d2.id,
    });

    // And a manager's new distributor reaches the manager's reps and centers.
    const d3 = await createUserOfRole(t.db, MEMBERSHIP.salesDistributor);
    expect((await edit(admin, m2.id, { sales_distributor_id: d3.id })).json().sales_distributor_id).toBe(
      d3.id,
    );
    expect((await row(rep.id)).salesDistributorId).toBe(d3.id);
    expect((await row(hc.id)).salesDistributorId).toBe(d3.id);
  });

  it('refuses a link to the wrong kind of user and a field that does not apply to the role', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { company: 'HC' });
    const patient = await createUser(t.db);
    const wrongKind = await edit(admin, hc.id, { saless_rep_id: patient.id });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors.saless_rep_id).toBe('Choose an active sales rep.');
    const notApplicable = await edit(admin, hc.id, { sales_manager_id: patient.id });
    expect(notApplicable.statusCode).toBe(400);
    expect(notApplicable.json().errors.sales_manager_id).toBe(
      'This field does not apply to a Harvest Center.',
    );
    // A form sends hidden role fields empty: fine.
    expect((await edit(admin, hc.id, { sales_manager_id: null, city: 'Austin' })).statusCode).toBe(200);
    const unknownTag = await edit(admin, hc.id, { tags: [999] });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().errors.tags).toBe('Unknown tag: 999.');
    const phone = await edit(admin, hc.id, { phone_number: 'call me' });
    expect(phone.json().errors.phone_number).toBe('Phone number must contain digits only');
  });

  it('template_id only by the super admin; the edit is for admins only', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { company: 'HC' });
    expect((await edit(admin, hc.id, { template_id: 'tpl' })).statusCode).toBe(403);
    expect((await edit(superAdmin, hc.id, { template_id: 'tpl' })).json().template_id).toBe('tpl');
    const self = await edit(hc, hc.id, { company: 'Mine', tags: [1] });
    expect(self.statusCode).toBe(403);
    expect((await row(hc.id)).company).toBe('HC');
  });

  it('an HC cannot change its own membership through any route', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { company: 'HC' });
    await injectAs(t.app, hc, {
      method: 'PUT',
      url: `/api/v1/users/${hc.id}/`,
      payload: { membership: 7, subscription: 7 },
    });
    await injectAs(t.app, hc, {
      method: 'POST',
      url: `/api/v1/users/update/${hc.id}/`,
      payload: { subscription: 7 },
    });
    expect((await row(hc.id)).membershipId).toBe(MEMBERSHIP.harvestCenter);
  });
});

describe('activation and deletion', () => {
  it('deactivating ends the user’s sessions and takes it off the main list; activating brings it back', async () => {
    const user = await createUser(t.db, { email: 'deactivate.me@example.test' });
    const token = await tokenFor(t.app, user);
    const res = await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${user.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User has been deactivated.');
    expect((await injectAs(t.app, token, { url: '/api/v1/session/' })).statusCode).toBe(401);
    const stillValid = await injectAs(t.app, admin, { url: `/api/v1/users/set/active/${user.id}/` });
    expect(stillValid.json().message).toBe('User has been activated.');
    // The old session stays dead after reactivation.
    expect((await injectAs(t.app, token, { url: '/api/v1/session/' })).statusCode).toBe(401);
    expect((await login('deactivate.me@example.test', 'test-password')).statusCode).toBe(200);
  });

  it('is for admins; an admin cannot deactivate themselves; a super admin only by a super admin', async () => {
    const user = await createUser(t.db);
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter);
    expect((await injectAs(t.app, hc, { url: `/api/v1/users/set/inactive/${user.id}/` })).statusCode).toBe(
      403,
    );
    expect((await injectAs(t.app, user, { url: `/api/v1/users/set/active/${user.id}/` })).statusCode).toBe(
      403,
    );
    expect(
      (await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${admin.id}/` })).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${superAdmin.id}/` })).statusCode,
    ).toBe(403);
    expect((await injectAs(t.app, admin, { url: '/api/v1/users/set/inactive/999999/' })).statusCode).toBe(
      404,
    );
    expect((await row(user.id)).isActive).toBe(true);
  });

  it('deletes only inactive users, clears sales links that point at them', async () => {
    const rep = await createUserOfRole(t.db, MEMBERSHIP.salesRep);
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { salesRepId: rep.id });
    const del = () =>
      injectAs(t.app, admin, { method: 'DELETE', url: `/api/v1/users/delete-inactive/${rep.id}/` });
    const active = await del();
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe('Only inactive users can be deleted. Deactivate the user first.');
    await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${rep.id}/` });
    const hcTry = await injectAs(t.app, hc, {
      method: 'DELETE',
      url: `/api/v1/users/delete-inactive/${rep.id}/`,
    });
    expect(hcTry.statusCode).toBe(403);
    const res = await del();
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User has been deleted.');
    expect(await row(rep.id)).toBeUndefined();
    expect((await row(hc.id)).salesRepId).toBeNull();
    expect((await del()).statusCode).toBe(404);
  });

  it('refuses to delete an HC that still has patients, or a patient with vial records', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { isActive: false });
    await createUser(t.db, { harvestCenterId: hc.id });
    const res = await injectAs(t.app, admin, {
      method: 'DELETE',
      url: `/api/v1/users/delete-inactive/${hc.id}/`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.patients).toBe(
      'This account still has 1 patient. Move them to another harvest center first, or keep the account inactive.',
    );
    const patient = await createUser(t.db, { isActive: false });
    await t.db
      .insert(vialRecords)
      .values({ userId: patient.id, type: 'added', quantity: 2, date: '2026-01-02' });
    const vials = await injectAs(t.app, admin, {
      method: 'DELETE',
      url: `/api/v1/users/delete-inactive/${patient.id}/`,
    });
    expect(vials.statusCode).toBe(409);
    expect(vials.json().errors).toHaveProperty('vial_records');
    expect(await row(hc.id)).toBeDefined();
    expect(await row(patient.id)).toBeDefined();
  });
});

describe('admin password actions', () => {
  it('POST /api/v1/users/change-password/ sets a new password and ends the user’s sessions', async () => {
    const user = await createUser(t.db, { email: 'admin.sets.pw@example.test' });
    const token = await tokenFor(t.app, user);
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/users/change-password/',
      payload: { user_id: user.id, new_password_change: 'set-by-admin' },
    });
    expect(res.statusCode).toBe(200);
    expect((await injectAs(t.app, token, { url: '/api/v1/session/' })).statusCode).toBe(401);
    expect((await login('admin.sets.pw@example.test', 'set-by-admin')).statusCode).toBe(200);
  });

  it('change-password: validation and access', async () => {
    const user = await createUser(t.db);
    const post = (as: UserRow, payload: object) =>
      injectAs(t.app, as, { method: 'POST', url: '/api/v1/users/change-password/', payload });
    const empty = await post(admin, { user_id: user.id, new_password_change: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.new_password_change).toBe('Password must be at least 8 characters');
    expect((await post(user, { user_id: user.id, new_password_change: 'long-enough' })).statusCode).toBe(403);
    expect(
      (await post(admin, { user_id: superAdmin.id, new_password_change: 'long-enough' })).statusCode,
    ).toBe(403);
    expect((await post(admin, { user_id: 999999, new_password_change: 'long-enough' })).statusCode).toBe(404);
  });

  it('POST /api/v1/utilities/reset-user-password/ mails the user a reset link', async () => {
    const user = await createUser(t.db, { email: 'reset.by.admin@example.test', firstName: 'Rosa' });
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/utilities/reset-user-password/',
      payload: { user_id: user.id, user_name: 'Rosa' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('A password reset link has been sent to reset.by.admin@example.test.');
    await t.app.mailWorker.drain();
    const mail = t.mail.sent.find((m) => m.to === 'reset.by.admin@example.test');
    expect(mail?.subject).toBe('Reset your Portal password');
    expect(mail?.text).toMatch(/http:\/\/portal\.test\/reset-password\?token=/);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_reset.requested'), eq(auditLog.targetUserId, user.id)));
    expect(audit.actorUserId).toBe(admin.id);
    const byUser = await injectAs(t.app, user, {
      method: 'POST',
      url: '/api/v1/utilities/reset-user-password/',
      payload: { user_id: user.id, user_name: 'Rosa' },
    });
    expect(byUser.statusCode).toBe(403);
  });
});

describe('POST /api/v1/users/email-exists/', () => {
  it('answers whether an e-mail is taken, ignoring case and the user being edited', async () => {
    const user = await createUser(t.db, { email: 'exists@example.test' });
    const ask = (payload: object, as: UserRow = admin) =>
      injectAs(t.app, as, { method: 'POST', url: '/api/v1/users/email-exists/', payload });
    expect((await ask({ email: 'EXISTS@example.test' })).json()).toEqual({ exists: true });
    expect((await ask({ email: 'exists@example.test', exclude_id: user.id })).json()).toEqual({
      exists: false,
    });
    expect((await ask({ email: 'free@example.test' })).json()).toEqual({ exists: false });
    expect((await ask({ email: 'nope' })).statusCode).toBe(400);
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter);
    expect((await ask({ email: 'free@example.test' }, hc)).statusCode).toBe(200);
    // Patients create no accounts: they cannot probe addresses.
    expect((await ask({ email: 'exists@example.test' }, user)).statusCode).toBe(403);
  });

  it('answers one account 30 probes a minute, then 429 with its reason, from however many addresses', async () => {
    // The finding: 100 probes from one HC answered in 349 ms.
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter);
    const token = await tokenFor(t.app, hc);
    const probe = (n: number) =>
      injectAs(t.app, token, {
        method: 'POST',
        url: '/api/v1/users/email-exists/',
        payload: { email: `probe-${n}@example.test` },
        remoteAddress: `10.77.0.${n + 1}`,
      });
    const statuses: number[] = [];
    for (let n = 0; n < EMAIL_CHECKS_PER_MINUTE + 1; n++) statuses.push((await probe(n)).statusCode);
    expect(statuses.slice(0, EMAIL_CHECKS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    const limited = await probe(EMAIL_CHECKS_PER_MINUTE + 1);
    expect(statuses.at(-1)).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(EMAIL_CHECKS_LIMITED);
    // Counted per account: another account still asks.
    const other = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter);
    const asked = await injectAs(t.app, other, {
      method: 'POST',
      url: '/api/v1/users/email-exists/',
      payload: { email: 'probe-0@example.test' },
    });
    expect(asked.statusCode).toBe(200);
  });
});

describe('option lists, tags and memberships', () => {
  it('sales reps as select options with value, label, first and last name; searchable', async () => {
    const rep = await createUserOfRole(t.db, MEMBERSHIP.salesRep, {
      firstName: 'Zed',
      lastName: 'Optionrep',
    });
    await createUserOfRole(t.db, MEMBERSHIP.salesRep, {
      firstName: 'Gone',
      lastName: 'Optionrep',
      isActive: false,
    });
    const res = await injectAs(t.app, admin, { url: '/api/v1/options/sales-reps/?search=optionrep' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        value: rep.id,
        label: 'Zed Optionrep',
        first_name: 'Zed',
        last_name: 'Optionrep',
        email: rep.email,
        description: rep.email,
      },
    ]);
  });

  it('harvest centers are labelled by company; each list holds only its membership', async () => {
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, { company: 'Aardvark Clinic' });
    const rhc = await createUserOfRole(t.db, MEMBERSHIP.referralHarvestCenter, { company: 'Referral One' });
    const hcs = (await injectAs(t.app, admin, { url: '/api/v1/options/harvest-centers/' })).json();
    expect(hcs.find((o: { value: number }) => o.value === hc.id).label).toBe('Aardvark Clinic');
    expect(hcs.some((o: { value: number }) => o.value === rhc.id)).toBe(false);
    const rhcs = (await injectAs(t.app, admin, { url: '/api/v1/options/referral-harvest-centers/' })).json();
    expect(rhcs.map((o: { value: number }) => o.value)).toContain(rhc.id);
    for (const list of ['sales-managers', 'sales-distributors']) {
      expect((await injectAs(t.app, admin, { url: `/api/v1/options/${list}/` })).statusCode).toBe(200);
    }
    expect((await injectAs(t.app, hc, { url: '/api/v1/options/sales-reps/' })).statusCode).toBe(403);
  });

  it('pages an option list by limit and offset, in a stable order', async () => {
    const all = (await injectAs(t.app, admin, { url: '/api/v1/options/harvest-centers/' })).json();
    expect(all.length).toBeGreaterThan(2);
    const ids = (query: string) =>
      injectAs(t.app, admin, { url: `/api/v1/options/harvest-centers/?${query}` }).then((r) =>
        r.json().map((o: { value: number }) => o.value),
      );
    expect(await ids('limit=2')).toEqual(all.slice(0, 2).map((o: { value: number }) => o.value));
    expect(await ids('limit=2&offset=2')).toEqual(all.slice(2, 4).map((o: { value: number }) => o.value));
    expect(
      (await injectAs(t.app, admin, { url: '/api/v1/options/harvest-centers/?offset=-1' })).statusCode,
    ).toBe(400);
  });

  it('subscriptions and domains', async () => {
    await t.db.insert(domains).values({ name: 'White Label Co' });
    const subs = (await injectAs(t.app, admin, { url: '/api/v1/options/subscriptions/' })).json();
    expect(subs).toContainEqual({ value: 4, label: 'Harvest Center' });
    const doms = (await injectAs(t.app, admin, { url: '/api/v1/options/domains/' })).json();
    expect(doms).toContainEqual({ value: expect.any(Number), label: 'White Label Co' });
    const patient = await createUser(t.db);
    expect((await injectAs(t.app, patient, { url: '/api/v1/options/domains/' })).statusCode).toBe(403);
  });

  it('GET /api/v1/user-tags/ and /api/v1/memberships/ for any signed-in user', async () => {
    const patient = await createUser(t.db);
    expect((await injectAs(t.app, patient, { url: '/api/v1/user-tags/' })).json()).toEqual([
      { id: 1, name: 'Vial Checkout' },
      { id: 2, name: 'Key Account' },
    ]);
    const memberships = (await injectAs(t.app, patient, { url: '/api/v1/memberships/' })).json();
    expect(memberships).toContainEqual({ id: 9, name: 'HC Staff' });
    expect((await t.app.inject({ url: '/api/v1/user-tags/' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('lists the user routes under their tags', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(
      expect.arrayContaining(['users', 'options', 'utilities']),
    );
    expect(doc.paths['/api/admin/users/'].get.tags).toEqual(['users']);
    expect(doc.paths['/api/v1/options/sales-reps/'].get.tags).toEqual(['options']);
    expect(doc.paths['/api/v1/utilities/contact/'].post.tags).toEqual(['utilities']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/users/export-csv/',
        '/api/v1/users/{id}/',
        '/api/v1/users/login-as-user/',
        '/api/v1/users/delete-inactive/{id}/',
      ]),
    );
  });
});
