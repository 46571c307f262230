import { MEMBERSHIP } from '@portal/shared/memberships';
import { ALREADY_SIGNED_IN_MESSAGE, RESEND_INVITATION_FORBIDDEN_MESSAGE } from '@portal/shared/users';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { passwordResetTokens } from '../src/db/schema/auth.ts';
import { auditLog, mailOutbox } from '../src/db/schema/platform.ts';
import { createUser } from '../src/seed/factories.ts';
import { createPatient } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld, idsOf } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const resend = (who: { id: number }, id: number) =>
  injectAs(t.app, who, { method: 'POST', url: `/api/v1/users/${id}/resend-invitation/` });

const invitationsTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, 'Welcome to Portal: set your password')));

const unusedLinks = (userId: number) =>
  t.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));

describe("a new patient's first mail", () => {
  it('is the 7-day invitation to set a password, for admin and HC alike', async () => {
    for (const [who, email, hc] of [
      [w.admin, 'first.admin@example.test', w.hcA2.id],
      [w.hcA, 'first.hc@example.test', undefined],
    ] as const) {
      const res = await injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/patients/',
        payload: { first_name: 'First', last_name: 'Mail', email, harvest_center_temporal: hc },
      });
      expect(res.statusCode, res.body).toBe(201);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Welcome to Portal: set your password');
      const [link] = await unusedLinks(res.json().data.id);
      const days = (link.expiresAt.getTime() - link.createdAt.getTime()) / 86_400_000;
      expect(Math.round(days)).toBe(7);
    }
  });
});

describe('POST /api/v1/users/{id}/resend-invitation/', () => {
  it('an admin resends it; the new link replaces the unused ones and the audit log says who', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcB, firstName: 'Res', lastName: 'End' });
    await t.db.insert(passwordResetTokens).values({
      tokenHash: `old-${patient.id}`,
      userId: patient.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const res = await resend(w.admin, patient.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`The invitation has been sent again to ${patient.email}.`);
    expect(await invitationsTo(patient.email)).toHaveLength(1);
    const links = await unusedLinks(patient.id);
    expect(links).toHaveLength(1);
    expect(links[0].tokenHash).not.toBe(`old-${patient.id}`);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, patient.id));
    expect(audit.find((row) => row.action === 'invitation.resent')?.actorUserId).toBe(w.admin.id);
  });

  it('a harvest center resends it to its own patients and staff, not to another center’s', async () => {
    expect((await resend(w.hcA, w.patientA1.id)).statusCode).toBe(200);
    expect((await resend(w.hcA, w.staffA.id)).statusCode).toBe(200);
    const refused = await resend(w.hcA, w.patientB1.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(RESEND_INVITATION_FORBIDDEN_MESSAGE);
    expect((await resend(w.hcA, w.patientA3.id)).statusCode).toBe(403); // a patient of hcA2
    expect((await resend(w.hcA, w.repA.id)).statusCode).toBe(403);
    expect(await invitationsTo(w.patientB1.email)).toHaveLength(0);
  });

  it('other roles are refused at the gate, anonymous callers need a session', async () => {
    for (const who of [w.repA, w.managerA, w.distributorA, w.labUser1, w.rhcA, w.staffA, w.patientA1]) {
      expect((await resend(who, w.patientA2.id)).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${w.patientA2.id}/resend-invitation/`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('not after the first sign-in, not to an inactive account, not to oneself or a super admin', async () => {
    const signedIn = await createPatient(t.db, { harvestCenter: w.hcA, firstName: 'Signed', lastName: 'In' });
    await t.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, signedIn.id));
    const already = await resend(w.admin, signedIn.id);
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe(ALREADY_SIGNED_IN_MESSAGE);

    const inactive = await createPatient(t.db, { harvestCenter: w.hcA, firstName: 'In', lastName: 'Active' });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    expect((await resend(w.admin, inactive.id)).statusCode).toBe(400);

    expect((await resend(w.admin, w.admin.id)).statusCode).toBe(403);
    const superAdmin = await createUser(t.db, { membershipId: MEMBERSHIP.admin, isSuperuser: true });
    expect((await resend(w.admin, superAdmin.id)).statusCode).toBe(403);
    expect((await resend(w.admin, 99_999_999)).statusCode).toBe(404);
    expect((await resend(w.admin, 0)).statusCode).toBe(400);
  });

  it('holds back a fourth mail within 15 minutes', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA, firstName: 'Many', lastName: 'Mails' });
    for (let i = 0; i < 3; i++) expect((await resend(w.admin, patient.id)).statusCode).toBe(200);
    expect((await resend(w.admin, patient.id)).statusCode).toBe(429);
  });
});

describe('GET /api/v1/sales-rep/{id}/', () => {
  it('answers like /api/v1/users/sales-rep/{id}/: the rep with its manager and distributor', async () => {
    const res = await injectAs(t.app, w.managerA, { url: `/api/v1/sales-rep/${w.repA.id}/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: w.repA.id,
      sales_manager_id: w.managerA.id,
      sales_distributor_id: w.distributorA.id,
    });
    const other = await injectAs(t.app, w.managerA, { url: `/api/v1/users/sales-rep/${w.repA.id}/` });
    expect(other.json()).toEqual(res.json());
  });

  it('admins, the rep, its team and its centers may; others get 403, unknown ids 404', async () => {
    for (const who of [w.admin, w.repA, w.managerA, w.distributorA, w.hcA]) {
      const res = await injectAs(t.app, who, { url: `/api/v1/sales-rep/${w.repA.id}/` });
      expect(res.statusCode, `${who.email}: ${res.body}`).toBe(200);
    }
    for (const who of [w.repB, w.managerB, w.distributorB, w.hcB]) {
      const res = await injectAs(t.app, who, { url: `/api/v1/sales-rep/${w.repA.id}/` });
      expect([403, 404], `${who.email}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect((await t.app.inject({ url: `/api/v1/sales-rep/${w.repA.id}/` })).statusCode).toBe(401);
    expect((await injectAs(t.app, w.admin, { url: '/api/v1/sales-rep/99999999/' })).statusCode).toBe(404);
    expect((await injectAs(t.app, w.admin, { url: `/api/v1/sales-rep/${w.managerA.id}/` })).statusCode).toBe(
      404,
    );
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/sales-rep/{id}/']?.get).toBeDefined();
    expect(doc.paths['/api/v1/users/{id}/resend-invitation/']?.post).toBeDefined();
  });
});

describe("a sales rep's patients", () => {
  it('come without name, e-mail and phone, in lists, options and the form', async () => {
    const list = await injectAs(t.app, w.repA, { url: '/api/v1/users/patient/list/' });
    expect(list.statusCode).toBe(200);
    expect(idsOf(list.json())).toContain(w.patientA1.id);
    for (const patient of list.json().results) {
      expect(patient).toMatchObject({ first_name: '', last_name: '', email: '', phone_number: '' });
    }
    const detail = await injectAs(t.app, w.repA, { url: `/api/v1/patients/${w.patientA1.id}/` });
    expect(detail.json()).toMatchObject({ id: w.patientA1.id, first_name: '', email: '' });
    const options = await injectAs(t.app, w.repA, {
      url: `/api/v1/harvest-centers/${w.hcA.id}/patientList/`,
    });
    expect(options.statusCode).toBe(200);
    for (const option of options.json()) {
      expect(option).toMatchObject({ label: `Patient #${option.id}`, first_name: '', email: '' });
    }
    // The admin still sees them.
    const admin = await injectAs(t.app, w.admin, { url: `/api/v1/patients/${w.patientA1.id}/` });
    expect(admin.json()).toMatchObject({ first_name: 'Ann', email: w.patientA1.email });
  });

  it('cannot be found by the name or e-mail the rep does not see, only by lab id', async () => {
    const byName = await injectAs(t.app, w.repA, { url: '/api/v1/users/patient/list/?search=Ann' });
    expect(byName.json().count).toBe(0);
    const byEmail = await injectAs(t.app, w.repA, {
      url: `/api/v1/users/patient/list/?search=${encodeURIComponent(w.patientA1.email)}`,
    });
    expect(byEmail.json().count).toBe(0);
    await injectAs(t.app, w.admin, {
      method: 'PATCH',
      url: `/api/v1/patients/${w.patientA1.id}/`,
      payload: { lab_id: 'REP-LAB-77' },
    });
    const byLab = await injectAs(t.app, w.repA, { url: '/api/v1/users/patient/list/?search=rep-lab-77' });
    expect(idsOf(byLab.json())).toEqual([w.patientA1.id]);
  });
});

describe('the Users List membership filter', () => {
  it('"Admin" lists both admin types (7 and its twin 10), once in the choices', async () => {
    const twin = await createUser(t.db, { membershipId: MEMBERSHIP.adminEquivalent });
    const res = await injectAs(t.app, w.admin, {
      url: `/api/admin/users/?membership=${MEMBERSHIP.admin}&limit=100`,
    });
    expect(res.statusCode).toBe(200);
    const ids = idsOf(res.json());
    expect(ids).toEqual(expect.arrayContaining([w.admin.id, twin.id]));
    expect(ids).not.toContain(w.repA.id);
    const onlyTwins = await injectAs(t.app, w.admin, {
      url: `/api/admin/users/?membership=${MEMBERSHIP.adminEquivalent}&limit=100`,
    });
    expect(idsOf(onlyTwins.json())).toContain(twin.id);
  });
});
