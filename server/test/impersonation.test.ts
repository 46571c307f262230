import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/platform.ts';
import { createUser, createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
let admin: UserRow;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin, { email: 'imp.admin@example.test' });
});
afterAll(() => t.close());

const loginAs = (as: UserRow | string, userId: number) =>
  injectAs(t.app, as, { method: 'POST', url: '/api/v1/users/login-as-user/', payload: { user_id: userId } });
const goBack = (token: string) =>
  injectAs(t.app, token, { method: 'POST', url: '/api/v1/users/login-as-user/return/' });

async function audits(action: string, targetUserId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetUserId, targetUserId)));
}

describe('POST /api/v1/users/login-as-user/ and going back', () => {
  it('impersonate, act as the target, go back: the old token is dead and the admin gets a fresh one', async () => {
    const patient = await createUser(t.db, { email: 'imp.target@example.test', city: 'Austin' });
    const adminToken = await tokenFor(t.app, admin);

    const res = await loginAs(adminToken, patient.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'You are now signed in as imp.target@example.test.',
      user: { id: patient.id, email: 'imp.target@example.test' },
    });
    const impersonationToken: string = body.token;

    // Acting as the target: their own account, and nothing of an admin's.
    const session = await injectAs(t.app, impersonationToken, { url: '/api/v1/session/' });
    expect(session.json()).toMatchObject({
      user: { id: patient.id },
      impersonator: { id: admin.id, email: 'imp.admin@example.test' },
    });
    const own = await injectAs(t.app, impersonationToken, {
      method: 'PATCH',
      url: `/api/v1/users/${patient.id}/`,
      payload: { city: 'Dallas' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().city).toBe('Dallas');
    expect((await injectAs(t.app, impersonationToken, { url: '/api/admin/users/' })).statusCode).toBe(403);
    // No nesting: the impersonated patient cannot "Login As" anyone.
    expect((await loginAs(impersonationToken, admin.id)).statusCode).toBe(403);

    const started = await audits('impersonation.started', patient.id);
    expect(started).toHaveLength(1);
    expect(started[0].actorUserId).toBe(admin.id);

    const back = await goBack(impersonationToken);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ message: 'Welcome back.', user: { id: admin.id } });
    const fresh: string = back.json().token;
    expect(fresh).not.toBe(adminToken);

    expect((await injectAs(t.app, impersonationToken, { url: '/api/v1/session/' })).statusCode).toBe(401);
    expect((await injectAs(t.app, adminToken, { url: '/api/v1/session/' })).statusCode).toBe(401);
    const adminAgain = await injectAs(t.app, fresh, { url: '/api/v1/session/' });
    expect(adminAgain.statusCode).toBe(200);
    expect(adminAgain.json()).toMatchObject({ user: { id: admin.id }, impersonator: null });
    expect((await injectAs(t.app, fresh, { url: '/api/admin/users/' })).statusCode).toBe(200);

    const ended = await audits('impersonation.ended', patient.id);
    expect(ended).toHaveLength(1);
    expect(ended[0].actorUserId).toBe(admin.id);
  });

  it('going back without an impersonation is a 400', async () => {
    const res = await goBack(await tokenFor(t.app, admin));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You are not signed in as another user.');
    const patient = await createUser(t.db);
    expect((await goBack(await tokenFor(t.app, patient))).statusCode).toBe(400);
  });

  it('a non-admin cannot impersonate', async () => {
    const target = await createUser(t.db);
    for (const membershipId of [
      MEMBERSHIP.patient,
      MEMBERSHIP.harvestCenter,
      MEMBERSHIP.hcStaff,
      MEMBERSHIP.salesRep,
    ]) {
      const user = await createUserOfRole(t.db, membershipId);
      expect((await loginAs(user, target.id)).statusCode).toBe(403);
    }
    expect(await audits('impersonation.started', target.id)).toHaveLength(0);
  });

  it('an admin cannot impersonate another admin (7 or 10), an inactive user or a missing one', async () => {
    const otherAdmin = await createUserOfRole(t.db, MEMBERSHIP.admin);
    const altAdmin = await createUserOfRole(t.db, MEMBERSHIP.adminEquivalent);
    for (const target of [otherAdmin, altAdmin, admin]) {
      const res = await loginAs(admin, target.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot log in as another admin.');
    }
    const inactive = await createUser(t.db, { isActive: false });
    const res = await loginAs(admin, inactive.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This user is inactive.');
    expect((await loginAs(admin, 999999)).statusCode).toBe(404);
    expect((await loginAs(admin, 'abc' as unknown as number)).statusCode).toBe(400);
  });

  it('deactivating the admin ends the impersonation sessions the admin opened', async () => {
    const rogue = await createUserOfRole(t.db, MEMBERSHIP.admin);
    const target = await createUser(t.db);
    const impersonationToken: string = (await loginAs(rogue, target.id)).json().token;
    expect((await injectAs(t.app, impersonationToken, { url: '/api/v1/session/' })).statusCode).toBe(200);
    await injectAs(t.app, admin, { url: `/api/v1/users/set/inactive/${rogue.id}/` });
    expect((await injectAs(t.app, impersonationToken, { url: '/api/v1/session/' })).statusCode).toBe(401);
  });

  it('an impersonating admin is not held at the agreement, and cannot accept it for the user', async () => {
    const fresh = await createUser(t.db, { agreementAccepted: false });
    const token: string = (await loginAs(admin, fresh.id)).json().token;
    expect((await injectAs(t.app, token, { url: `/api/v1/users/${fresh.id}/` })).statusCode).toBe(200);
    const accept = await injectAs(t.app, token, {
      method: 'PATCH',
      url: `/api/v1/users/${fresh.id}/`,
      payload: { check_agreement: Date.now() },
    });
    expect(accept.statusCode).toBe(403);
    const check = await injectAs(t.app, token, { url: `/api/v1/utilities/check-agreement/${fresh.id}/` });
    expect(check.json()).toEqual({ agreement: false });
  });
});
