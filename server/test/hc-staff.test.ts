import { STAFF_NOT_LINKED_MESSAGE, STAFF_REMOVED_BY_CENTER_MESSAGE } from '@portal/shared/hc-staff';
import { JOIN_DECIDED_BY_CENTER_MESSAGE } from '@portal/shared/join-requests';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hcStaffLinks } from '../src/db/schema/account-links.ts';
import { centerJoinRequests } from '../src/db/schema/accounts.ts';
import { createUser } from '../src/seed/factories.ts';
import { createHcStaff } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld, idsOf, sortedIds } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const get = (who: { id: number } | string, url: string) => injectAs(t.app, who, { method: 'GET', url });
const access = (who: { id: number } | string, harvestCenterId: number) =>
  injectAs(t.app, who, {
    method: 'POST',
    url: '/api/v1/hc-staff/access/',
    payload: { harvest_center_id: harvestCenterId },
  });

describe('GET /api/v1/hc-staff/{staff}/hc-list/', () => {
  it("lists the staff member's harvest centers, for the staff member and admins", async () => {
    const both = await createHcStaff(t.db, [w.hcA, w.hcB]);
    const res = await get(both, `/api/v1/hc-staff/${both.id}/hc-list/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().harvest_centers.map((c: { company: string }) => c.company)).toEqual([
      'Alpha Harvest',
      'Beta Harvest',
    ]);
    expect(res.json().harvest_centers[0]).toMatchObject({
      id: w.hcA.id,
      email: w.hcA.email,
      template_id: '',
    });
    expect((await get(w.admin, `/api/v1/hc-staff/${both.id}/hc-list/`)).statusCode).toBe(200);
  });

  it("refuses another staff member's list and other roles", async () => {
    expect((await get(w.staffA, `/api/v1/hc-staff/${w.staffA.id}/hc-list/`)).statusCode).toBe(200);
    const other = await createHcStaff(t.db, [w.hcB]);
    expect((await get(w.staffA, `/api/v1/hc-staff/${other.id}/hc-list/`)).statusCode).toBe(403);
    expect((await get(w.hcA, `/api/v1/hc-staff/${w.staffA.id}/hc-list/`)).statusCode).toBe(403);
    expect((await get(w.admin, `/api/v1/hc-staff/${w.hcA.id}/hc-list/`)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/hc-staff/{hc}/staff-list/', () => {
  it('the HC, its staff and admins read it; other HCs and roles do not', async () => {
    const shared = await createHcStaff(t.db, [w.hcA, w.hcB]);
    const own = await get(w.hcA, `/api/v1/hc-staff/${w.hcA.id}/staff-list/`);
    expect(own.statusCode).toBe(200);
    expect(idsOf(own.json().staff_list)).toEqual(expect.arrayContaining(sortedIds(w.staffA, shared)));
    expect(
      idsOf((await get(w.hcB, `/api/v1/hc-staff/${w.hcB.id}/staff-list/`)).json().staff_list),
    ).not.toContain(w.staffA.id);
    // The HC does not learn which other centers a shared staff member works for.
    const seenByHc = own.json().staff_list.find((s: { id: number }) => s.id === shared.id);
    expect(seenByHc).toMatchObject({
      harvest_centers: [{ id: w.hcA.id, company: 'Alpha Harvest' }],
      staff_hc_ids: `${w.hcA.id}`,
    });
    const admin = (await get(w.admin, `/api/v1/hc-staff/${w.hcA.id}/staff-list/`)).json();
    expect(admin.staff_list.find((s: { id: number }) => s.id === shared.id).staff_hc_ids).toBe(
      `${w.hcA.id},${w.hcB.id}`,
    );

    expect((await get(w.staffA, `/api/v1/hc-staff/${w.hcA.id}/staff-list/`)).statusCode).toBe(200);
    expect((await get(w.staffA, `/api/v1/hc-staff/${w.hcB.id}/staff-list/`)).statusCode).toBe(403);
    expect((await get(w.hcB, `/api/v1/hc-staff/${w.hcA.id}/staff-list/`)).statusCode).toBe(403);
    expect((await get(w.repA, `/api/v1/hc-staff/${w.hcA.id}/staff-list/`)).statusCode).toBe(403);
  });
});

describe('POST /api/v1/hc-staff/access/ ("Access to this HC")', () => {
  it('opens a staff-access session as an associated HC, ended by the return route', async () => {
    const staffToken = await tokenFor(t.app, w.staffA);
    const res = await access(staffToken, w.hcA.id);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user).toMatchObject({ id: w.hcA.id, subscription: 4 });

    const session = (await get(token, '/api/v1/session/')).json();
    expect(session).toMatchObject({ user: { id: w.hcA.id }, staff: { id: w.staffA.id }, impersonator: null });
    // Acting as the HC: its patients.
    const patients = await get(token, `/api/v1/harvest-centers/${w.hcA.id}/patients/`);
    expect(idsOf(patients.json())).toEqual(sortedIds(w.patientA1, w.patientA2));
    // No hopping from one linked session into another.
    expect((await access(token, w.hcA.id)).statusCode).toBe(403);

    const back = await injectAs(t.app, token, { method: 'POST', url: '/api/v1/users/login-as-user/return/' });
    expect(back.statusCode).toBe(200);
    expect(back.json().user.id).toBe(w.staffA.id);
    expect((await get(token, '/api/v1/session/')).statusCode).toBe(401);
  });

  it('acts for an HC that has not accepted the agreement without being held back, and cannot accept it', async () => {
    const fresh = await createUser(t.db, {
      membershipId: MEMBERSHIP.harvestCenter,
      agreementAccepted: false,
    });
    const staff = await createHcStaff(t.db, [fresh]);
    const { token } = (await access(staff, fresh.id)).json();
    expect((await get(token, `/api/v1/harvest-centers/${fresh.id}/patients/`)).statusCode).toBe(200);
    const accept = await injectAs(t.app, token, {
      method: 'PATCH',
      url: `/api/v1/users/${fresh.id}/`,
      payload: { check_agreement: new Date().toISOString() },
    });
    expect(accept.statusCode).toBe(403);
    // The HC itself is still held back until it accepts.
    const own = await get(fresh, `/api/v1/harvest-centers/${fresh.id}/patients/`);
    expect(own.json().code).toBe('agreement_required');
  });

  it('refuses an HC the staff member is not associated with, and non-staff callers', async () => {
    const res = await access(w.staffA, w.hcB.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(STAFF_NOT_LINKED_MESSAGE);
    expect((await access(w.staffA, w.rhcA.id)).statusCode).toBe(404);
    expect((await access(w.admin, w.hcA.id)).statusCode).toBe(403);
    expect((await access(w.hcA, w.hcA.id)).statusCode).toBe(403);
    expect((await access(w.staffA, 0)).statusCode).toBe(400);
  });
});

describe('what stays the center\'s own decision inside "Access to this HC"', () => {
  const remove = (who: { id: number } | string, user_id: number, hc_id: number) =>
    injectAs(t.app, who, {
      method: 'POST',
      url: '/api/v1/hc-staff/remove-user/',
      payload: { user_id, hc_id },
    });
  const decide = (who: { id: number } | string, requestId: number, decision: 'approve' | 'decline') =>
    injectAs(t.app, who, { method: 'POST', url: `/api/v1/join-requests/${requestId}/${decision}/` });
  const pendingRequest = async (center: { id: number }) => {
    const requester = await createUser(t.db, { membershipId: MEMBERSHIP.hcStaff });
    const [row] = await t.db
      .insert(centerJoinRequests)
      .values({ kind: 'staff', requesterId: requester.id, harvestCenterId: center.id })
      .returning();
    return row;
  };
  const staffLinks = async (staffId: number) =>
    (await t.db.select().from(hcStaffLinks).where(eq(hcStaffLinks.staffId, staffId))).map(
      (l) => l.harvestCenterId,
    );

  it('a staff member acting as the HC can neither remove a colleague nor decide a join request', async () => {
    const center = await createUser(t.db, { membershipId: MEMBERSHIP.harvestCenter });
    const actor = await createHcStaff(t.db, [center]);
    const colleague = await createHcStaff(t.db, [center]);
    const { token } = (await access(actor, center.id)).json();

    const removed = await remove(token, colleague.id, center.id);
    expect(removed.statusCode, removed.body).toBe(403);
    expect(removed.json().message).toBe(STAFF_REMOVED_BY_CENTER_MESSAGE);
    expect(await staffLinks(colleague.id)).toEqual([center.id]);
    // Not even itself: leaving is the center's call too.
    expect((await remove(token, actor.id, center.id)).statusCode).toBe(403);

    const request = await pendingRequest(center);
    for (const decision of ['approve', 'decline'] as const) {
      const decided = await decide(token, request.id, decision);
      expect(decided.statusCode, decided.body).toBe(403);
      expect(decided.json().message).toBe(JOIN_DECIDED_BY_CENTER_MESSAGE);
    }
  });

  it('the HC itself and an admin in "Login As" do both', async () => {
    const center = await createUser(t.db, { membershipId: MEMBERSHIP.harvestCenter });
    const first = await createHcStaff(t.db, [center]);
    const second = await createHcStaff(t.db, [center]);

    expect((await remove(center, first.id, center.id)).statusCode).toBe(200);
    expect(await staffLinks(first.id)).toEqual([]);
    expect((await decide(center, (await pendingRequest(center)).id, 'approve')).statusCode).toBe(200);

    const loginAs = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/users/login-as-user/',
      payload: { user_id: center.id },
    });
    expect(loginAs.statusCode, loginAs.body).toBe(200);
    const asCenter = loginAs.json().token as string;
    expect((await remove(asCenter, second.id, center.id)).statusCode).toBe(200);
    expect(await staffLinks(second.id)).toEqual([]);
    expect((await decide(asCenter, (await pendingRequest(center)).id, 'decline')).statusCode).toBe(200);
  });
});
