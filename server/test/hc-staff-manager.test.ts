import {
  STAFF_NOT_OF_CENTER_MESSAGE,
  STAFF_UPDATED_MESSAGE,
  type TStaffMember,
} from '@portal/shared/hc-staff';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { createHcStaff } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

type Who = Parameters<typeof injectAs>[1];
const list = (who: Who, query = '') =>
  injectAs(t.app, who, { method: 'GET', url: `/api/admin/hc-staff/${query}` });
const update = (who: Who, staffId: number, staff_hc_ids: unknown) =>
  injectAs(t.app, who, { method: 'PATCH', url: `/api/v1/hc-staff/${staffId}/`, payload: { staff_hc_ids } });
const remove = (who: Who, user_id: number, hc_id: number) =>
  injectAs(t.app, who, { method: 'POST', url: '/api/v1/hc-staff/remove-user/', payload: { user_id, hc_id } });
const centersSeenBy = async (staff: Who & { id: number }) =>
  (await injectAs(t.app, staff, { method: 'GET', url: `/api/v1/hc-staff/${staff.id}/hc-list/` }))
    .json()
    .harvest_centers.map((c: { id: number }) => c.id)
    .sort((a: number, b: number) => a - b);

describe('HC Staff Manager (admin)', () => {
  it('lists every staff member with their centers, paged and searched in SQL', async () => {
    const second = await createHcStaff(t.db, [w.hcA2], { firstName: 'Zoe', lastName: 'Zeta' });
    const all = await list(w.admin, '?limit=100');
    expect(all.statusCode, all.body).toBe(200);
    const rows: TStaffMember[] = all.json().results;
    expect(all.json().count).toBe(rows.length);
    const staffA = rows.find((row) => row.id === w.staffA.id);
    expect(staffA).toMatchObject({
      harvest_centers: [{ id: w.hcA.id, company: 'Alpha Harvest' }],
      staff_hc_ids: String(w.hcA.id),
    });
    const page = (await list(w.admin, '?limit=1&offset=0')).json();
    expect(page.results).toHaveLength(1);
    expect(page.count).toBe(rows.length);
    const searched = (await list(w.admin, '?search=zeta')).json();
    expect(searched.results.map((row: TStaffMember) => row.id)).toEqual([second.id]);
  });

  it('gives a staff member exactly the chosen centers, which the staff member then sees, and audits it', async () => {
    const response = await update(w.admin, w.staffA.id, `${w.hcA.id}, ${w.hcB.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: w.staffA.id, message: STAFF_UPDATED_MESSAGE });
    expect(response.json().data.staff_hc_ids.split(',').map(Number).sort()).toEqual(
      [w.hcA.id, w.hcB.id].sort(),
    );
    expect(await centersSeenBy(w.staffA)).toEqual([w.hcA.id, w.hcB.id].sort((a, b) => a - b));
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'hc_staff.centers_updated'), eq(auditLog.targetUserId, w.staffA.id)));
    expect(audit.actorUserId).toBe(w.admin.id);
    // Back to one center; an empty list removes them all.
    expect((await update(w.admin, w.staffA.id, String(w.hcA.id))).statusCode).toBe(200);
    expect(await centersSeenBy(w.staffA)).toEqual([w.hcA.id]);
  });

  it('refuses what is not an active harvest center, a malformed list and any other account', async () => {
    const refused = await update(w.admin, w.staffA.id, `${w.hcA.id},${w.rhcA.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(String(w.rhcA.id));
    expect((await update(w.admin, w.staffA.id, 'one,two')).statusCode).toBe(400);
    expect((await update(w.admin, w.hcA.id, String(w.hcB.id))).statusCode).toBe(404);
    expect(await centersSeenBy(w.staffA)).toEqual([w.hcA.id]);
  });

  it('is for admins only', async () => {
    for (const who of [w.hcA, w.staffA, w.rhcA, w.repA, w.managerA, w.labUser1, w.patientA1]) {
      expect((await list(who)).statusCode).toBe(403);
      expect((await update(who, w.staffA.id, String(w.hcA.id))).statusCode).toBe(403);
    }
  });
});

describe('staff removal', () => {
  it('an HC removes a staff member from itself: the account stays, with its other centers', async () => {
    const shared = await createHcStaff(t.db, [w.hcA, w.hcA2]);
    const response = await remove(w.hcA, shared.id, w.hcA.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().success).toBe(true);
    expect(await centersSeenBy(shared)).toEqual([w.hcA2.id]);
    const [account] = await t.db.select().from(users).where(eq(users.id, shared.id));
    expect(account.membershipId).toBe(MEMBERSHIP.hcStaff);
    const staffOfA = (
      await injectAs(t.app, w.hcA, { method: 'GET', url: `/api/v1/hc-staff/${w.hcA.id}/staff-list/` })
    ).json().staff_list;
    expect(staffOfA.map((s: TStaffMember) => s.id)).not.toContain(shared.id);
  });

  it('refuses another HC’s staff, a staff member not of the center, and other roles', async () => {
    const ofB = await createHcStaff(t.db, [w.hcB]);
    expect((await remove(w.hcA, ofB.id, w.hcB.id)).statusCode).toBe(403);
    const notOfA = await remove(w.hcA, ofB.id, w.hcA.id);
    expect(notOfA.statusCode).toBe(400);
    expect(notOfA.json().message).toBe(STAFF_NOT_OF_CENTER_MESSAGE);
    for (const who of [w.staffA, w.rhcA, w.repA, w.patientA1]) {
      expect((await remove(who, ofB.id, w.hcB.id)).statusCode).toBe(403);
    }
    expect(await centersSeenBy(ofB)).toEqual([w.hcB.id]);
    // An admin may remove from any center.
    expect((await remove(w.admin, ofB.id, w.hcB.id)).statusCode).toBe(200);
    expect(await centersSeenBy(ofB)).toEqual([]);
  });
});
