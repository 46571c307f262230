import { MEMBERSHIP } from '@portal/shared/memberships';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/seed/factories.ts';
import { type ChainWorld, createChainWorld, idsOf, sortedIds } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const get = (who: { id: number }, url: string) => injectAs(t.app, who, { method: 'GET', url });

describe('GET /api/v1/users/lab/', () => {
  it('admins see every lab account; a lab account the accounts of its lab', async () => {
    const admin = await get(w.admin, '/api/v1/users/lab/?limit=500');
    expect(admin.statusCode).toBe(200);
    expect(idsOf(admin.json())).toEqual(
      expect.arrayContaining(sortedIds(w.labUser1, w.labAccess1, w.labUser2)),
    );
    const lab = (await get(w.labUser1, '/api/v1/users/lab/')).json();
    expect(idsOf(lab)).toEqual(sortedIds(w.labUser1, w.labAccess1));
    expect(lab.results.find((r: { id: number }) => r.id === w.labAccess1.id)).toMatchObject({
      subscription: MEMBERSHIP.labRouteAccess,
      processing_lab: w.lab1.id,
      processing_lab_name: 'Lab One',
    });
  });

  it('is not for other roles', async () => {
    for (const who of [w.hcA, w.repA, w.patientA1, w.staffA]) {
      expect((await get(who, '/api/v1/users/lab/')).statusCode).toBe(403);
    }
  });
});

describe('GET /api/v1/processing-labs/', () => {
  it('admins see all labs; a lab account and an HC their own lab', async () => {
    expect(idsOf((await get(w.admin, '/api/v1/processing-labs/?limit=500')).json())).toEqual(
      expect.arrayContaining(sortedIds(w.lab1, w.lab2)),
    );
    for (const who of [w.labUser1, w.labAccess1]) {
      const body = (await get(who, '/api/v1/processing-labs/')).json();
      expect(body).toEqual({
        count: 1,
        results: [{ id: w.lab1.id, name: 'Lab One', harvest_centers_count: 2 }],
      });
    }
    // The HC sees its lab and, in it, only itself.
    expect((await get(w.hcA, '/api/v1/processing-labs/')).json()).toEqual({
      count: 1,
      results: [{ id: w.lab1.id, name: 'Lab One', harvest_centers_count: 1 }],
    });
    expect(idsOf((await get(w.labUser2, '/api/v1/processing-labs/')).json())).toEqual([w.lab2.id]);
  });

  it('is not for sales roles, RHCs, staff or patients', async () => {
    for (const who of [w.repA, w.managerA, w.distributorA, w.rhcA, w.staffA, w.patientA1]) {
      expect((await get(who, '/api/v1/processing-labs/')).statusCode).toBe(403);
    }
  });

  it('a lab account without a lab sees nothing', async () => {
    const lost = await createUser(t.db, { membershipId: MEMBERSHIP.lab });
    expect((await get(lost, '/api/v1/processing-labs/')).json()).toEqual({ count: 0, results: [] });
    expect((await get(lost, `/api/v1/processing-labs/${w.lab1.id}/harvestcenters/`)).statusCode).toBe(403);
  });

  it('GET /api/v1/processing-labs/{id}/: own lab only, 404 for none', async () => {
    expect((await get(w.labUser1, `/api/v1/processing-labs/${w.lab1.id}/`)).json()).toMatchObject({
      id: w.lab1.id,
    });
    expect((await get(w.labUser1, `/api/v1/processing-labs/${w.lab2.id}/`)).statusCode).toBe(403);
    expect((await get(w.admin, '/api/v1/processing-labs/99999999/')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/processing-labs/{id}/harvestcenters/ (the /lab/:id screen)', () => {
  it("a lab account sees its lab's HCs, paged", async () => {
    const res = await get(w.labUser1, `/api/v1/processing-labs/${w.lab1.id}/harvestcenters/`);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual(sortedIds(w.hcA, w.hcA2));
    expect(res.json().results[0]).toMatchObject({
      processing_lab: w.lab1.id,
      patients_count: expect.any(Number),
    });
    const page = (
      await get(w.labAccess1, `/api/v1/processing-labs/${w.lab1.id}/harvestcenters/?limit=1&offset=1`)
    ).json();
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
  });

  it("refuses another lab's HCs", async () => {
    expect((await get(w.labUser1, `/api/v1/processing-labs/${w.lab2.id}/harvestcenters/`)).statusCode).toBe(
      403,
    );
    expect((await get(w.labUser2, `/api/v1/processing-labs/${w.lab1.id}/harvestcenters/`)).statusCode).toBe(
      403,
    );
  });

  it('an HC sees only itself in its own lab, and no other lab', async () => {
    expect(idsOf((await get(w.hcA, `/api/v1/processing-labs/${w.lab1.id}/harvestcenters/`)).json())).toEqual([
      w.hcA.id,
    ]);
    expect((await get(w.hcA, `/api/v1/processing-labs/${w.lab2.id}/harvestcenters/`)).statusCode).toBe(403);
  });

  it('admins see any lab', async () => {
    expect(
      idsOf((await get(w.admin, `/api/v1/processing-labs/${w.lab2.id}/harvestcenters/`)).json()),
    ).toEqual([w.hcB.id]);
  });
});

describe('GET /api/v1/processing-labs/{id}/harvestcenter/{hc}/patients/', () => {
  const url = (lab: { id: number }, hc: { id: number }) =>
    `/api/v1/processing-labs/${lab.id}/harvestcenter/${hc.id}/patients/`;

  it("a lab account sees the patients of its lab's HCs", async () => {
    for (const who of [w.labUser1, w.labAccess1]) {
      const res = await get(who, url(w.lab1, w.hcA));
      expect(res.statusCode).toBe(200);
      expect(idsOf(res.json())).toEqual(sortedIds(w.patientA1, w.patientA2));
    }
  });

  it('refuses an HC of another lab, and another lab', async () => {
    expect((await get(w.labUser1, url(w.lab1, w.hcB))).statusCode).toBe(403);
    expect((await get(w.labUser1, url(w.lab2, w.hcB))).statusCode).toBe(403);
    expect((await get(w.labUser2, url(w.lab1, w.hcA))).statusCode).toBe(403);
  });

  it('answers 404 for an HC that is not in the lab', async () => {
    expect((await get(w.admin, url(w.lab1, w.hcB))).statusCode).toBe(404);
    expect((await get(w.admin, url(w.lab1, w.patientA1))).statusCode).toBe(404);
  });

  it('an HC opens its own patients in its lab view, not another HC', async () => {
    expect(idsOf((await get(w.hcA, url(w.lab1, w.hcA))).json())).toEqual(sortedIds(w.patientA1, w.patientA2));
    expect((await get(w.hcA, url(w.lab1, w.hcA2))).statusCode).toBe(403);
  });
});
