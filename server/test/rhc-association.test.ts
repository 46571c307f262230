import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rhcHcLinks } from '../src/db/schema/account-links.ts';
import { users } from '../src/db/schema/accounts.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import {
  createHarvestCenter,
  createPatient,
  createReferralHarvestCenter,
} from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld, sortedIds } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const list = (who: { id: number }, query = '') =>
  injectAs(t.app, who, { method: 'GET', url: `/api/admin/rhc-association/all/${query}` });
const update = (who: { id: number }, rhcId: number | string, payload: unknown) =>
  injectAs(t.app, who, {
    method: 'POST',
    url: `/api/v1/rhc-association/update-association/${rhcId}/`,
    payload: payload as Record<string, unknown>,
  });
const patchPatient = (who: { id: number }, id: number, payload: Record<string, unknown>) =>
  injectAs(t.app, who, { method: 'PATCH', url: `/api/v1/patients/${id}/`, payload });

async function linkedHcIds(rhcId: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: rhcHcLinks.harvestCenterId })
    .from(rhcHcLinks)
    .where(eq(rhcHcLinks.rhcId, rhcId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('GET /api/admin/rhc-association/all/', () => {
  it('gives an admin every active RHC with its associated HCs, paged and searchable', async () => {
    const res = await list(w.admin, '?limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      {
        rhc_desc: { id: w.rhcA.id, company: 'Alpha Referral' },
        hc_desc: [{ id: w.hcA.id, company: 'Alpha Harvest' }],
      },
      {
        rhc_desc: { id: w.rhcB.id, company: 'Beta Referral' },
        hc_desc: [{ id: w.hcB.id, company: 'Beta Harvest' }],
      },
    ]);
    const page = (await list(w.admin, '?limit=1&offset=1')).json();
    expect(page.count).toBe(2);
    expect(page.results.map((r: { rhc_desc: { id: number } }) => r.rhc_desc.id)).toEqual([w.rhcB.id]);
    const searched = (await list(w.admin, '?search=beta%20ref')).json();
    expect(searched.count).toBe(1);
    expect(searched.results[0].rhc_desc.id).toBe(w.rhcB.id);
    expect((await list(w.admin, '?search=nothing-like-this')).json()).toEqual({ count: 0, results: [] });
  });

  it('is refused to every other role, and to no session', async () => {
    for (const who of [
      w.hcA,
      w.rhcA,
      w.repA,
      w.managerA,
      w.distributorA,
      w.staffA,
      w.labUser1,
      w.patientA1,
    ]) {
      expect((await list(who)).statusCode, `membership of user ${who.id}`).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/rhc-association/all/' })).statusCode).toBe(
      401,
    );
  });

  it('answers 400 on a bad page', async () => {
    expect((await list(w.admin, '?limit=0')).statusCode).toBe(400);
    expect((await list(w.admin, '?offset=-1')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/rhc-association/update-association/{id}/', () => {
  it('replaces the set of HCs of an RHC and answers code Success', async () => {
    const rhc = await createReferralHarvestCenter(t.db, { rep: w.repA, harvestCenters: [w.hcA, w.hcA2] });
    const res = await update(w.admin, rhc.id, { rhc_hc_ids: [w.hcA2.id, w.hcB.id, w.hcB.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'Success',
      message: 'Harvest Centers have been updated!',
      data: { rhc_desc: { id: rhc.id } },
    });
    expect(
      res
        .json()
        .data.hc_desc.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual(sortedIds(w.hcA2, w.hcB));
    expect(await linkedHcIds(rhc.id)).toEqual(sortedIds(w.hcA2, w.hcB));
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rhc_association.updated'), eq(auditLog.targetUserId, rhc.id)));
    expect(audit?.actorUserId).toBe(w.admin.id);

    const emptied = await update(w.admin, rhc.id, { rhc_hc_ids: [] });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json().data.hc_desc).toEqual([]);
    expect(await linkedHcIds(rhc.id)).toEqual([]);
  });

  it('refuses unknown, inactive and non-HC ids on the field, changing nothing', async () => {
    const rhc = await createReferralHarvestCenter(t.db, { rep: w.repA, harvestCenters: [w.hcA] });
    const closed = await createHarvestCenter(t.db, { rep: w.repA, lab: w.lab1 });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, closed.id));
    for (const bad of [99_999_999, closed.id, w.rhcB.id, w.patientA1.id]) {
      const res = await update(w.admin, rhc.id, { rhc_hc_ids: [w.hcB.id, bad] });
      expect(res.statusCode, `id ${bad}`).toBe(400);
      expect(res.json().errors.rhc_hc_ids).toContain(String(bad));
    }
    for (const payload of [{}, { rhc_hc_ids: 'x' }, { rhc_hc_ids: [0] }, { rhc_hc_ids: [1.5] }]) {
      const res = await update(w.admin, rhc.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      // The field, or one item of it (`rhc_hc_ids.0`).
      expect(Object.keys(res.json().errors)[0]).toMatch(/^rhc_hc_ids\b/);
    }
    expect(await linkedHcIds(rhc.id)).toEqual([w.hcA.id]);
  });

  it('keeps an HC deactivated since it was associated when the set is sent back, but never adds one', async () => {
    const hc = await createHarvestCenter(t.db, { rep: w.repA, lab: w.lab1 });
    const rhc = await createReferralHarvestCenter(t.db, { rep: w.repA, harvestCenters: [hc] });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, hc.id));
    const resent = await update(w.admin, rhc.id, { rhc_hc_ids: [hc.id, w.hcA.id] });
    expect(resent.statusCode).toBe(200);
    expect(await linkedHcIds(rhc.id)).toEqual(sortedIds(hc, w.hcA));
    expect((await update(w.admin, rhc.id, { rhc_hc_ids: [w.hcA.id] })).statusCode).toBe(200);
    const readded = await update(w.admin, rhc.id, { rhc_hc_ids: [w.hcA.id, hc.id] });
    expect(readded.statusCode).toBe(400);
    expect(await linkedHcIds(rhc.id)).toEqual([w.hcA.id]);
  });

  it('answers 404 when the id is not an RHC, 400 for a bad id', async () => {
    expect((await update(w.admin, w.hcA.id, { rhc_hc_ids: [] })).statusCode).toBe(404);
    expect((await update(w.admin, 99_999_999, { rhc_hc_ids: [] })).statusCode).toBe(404);
    expect((await update(w.admin, 'abc', { rhc_hc_ids: [] })).statusCode).toBe(400);
  });

  it('is refused to every other role, the RHC itself and its HC included', async () => {
    for (const who of [w.rhcA, w.hcA, w.repA, w.managerA, w.staffA, w.labUser1, w.patientA2]) {
      const res = await update(who, w.rhcA.id, { rhc_hc_ids: [w.hcB.id] });
      expect(res.statusCode, `user ${who.id}`).toBe(403);
    }
    expect(await linkedHcIds(w.rhcA.id)).toEqual([w.hcA.id]);
  });
});

describe('rule: an RHC is given only with a harvest center it is associated with', () => {
  it('an admin cannot name, for a patient, an RHC not associated with its HC', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const refused = await patchPatient(w.admin, patient.id, { referral_harvest_center_temporal: w.rhcB.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('referral_harvest_center_temporal');
    const allowed = await patchPatient(w.admin, patient.id, { referral_harvest_center_temporal: w.rhcA.id });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().referral_harvest_center_temporal).toBe(w.rhcA.id);
  });

  it('moving a referred patient to an HC its RHC is not associated with is refused, or allowed with both', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA, referralCenter: w.rhcA });
    const refused = await patchPatient(w.admin, patient.id, { harvest_center_temporal: w.hcB.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('referral_harvest_center_temporal');
    const both = await patchPatient(w.admin, patient.id, {
      harvest_center_temporal: w.hcB.id,
      referral_harvest_center_temporal: w.rhcB.id,
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({
      harvest_center_temporal: w.hcB.id,
      referral_harvest_center_temporal: w.rhcB.id,
    });
  });

  it('a new association, saved by the admin, lets the RHC be named', async () => {
    const rhc = await createReferralHarvestCenter(t.db, { rep: w.repB, harvestCenters: [w.hcB] });
    const patient = await createPatient(t.db, { harvestCenter: w.hcA2 });
    expect(
      (await patchPatient(w.admin, patient.id, { referral_harvest_center_temporal: rhc.id })).statusCode,
    ).toBe(400);
    expect((await update(w.admin, rhc.id, { rhc_hc_ids: [w.hcB.id, w.hcA2.id] })).statusCode).toBe(200);
    const res = await patchPatient(w.admin, patient.id, { referral_harvest_center_temporal: rhc.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().referral_harvest_center_temporal).toBe(rhc.id);
  });

  it('adding a patient with an HC and an RHC not associated with it is refused', async () => {
    const add = (rhcId: number, email: string) =>
      injectAs(t.app, w.admin, {
        method: 'POST',
        url: '/api/v1/patients/',
        payload: {
          email,
          first_name: 'Rita',
          last_name: 'Referred',
          subscription: 2,
          harvest_center_temporal: w.hcA.id,
          referral_harvest_center_temporal: rhcId,
        },
      });
    const refused = await add(w.rhcB.id, 'rita.refused@example.test');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('referral_harvest_center_temporal');
    const [none] = await t.db.select().from(users).where(eq(users.email, 'rita.refused@example.test'));
    expect(none).toBeUndefined();
    expect((await add(w.rhcA.id, 'rita.allowed@example.test')).statusCode).toBe(201);
  });
});
