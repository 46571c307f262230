import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { createProcessingLab, createUser } from '../src/seed/factories.ts';
import { createPatient } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const get = (who: { id: number }, url: string) => injectAs(t.app, who, { method: 'GET', url });
const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);
const patchPatient = (who: { id: number }, id: number, payload: Record<string, unknown>) =>
  injectAs(t.app, who, { method: 'PATCH', url: `/api/v1/patients/${id}/`, payload });

describe('search by lab id (the sample id at the lab)', () => {
  it("finds the patient in the admin's Users List, whole id, any case", async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA, labSampleId: 'L2-SAMPLE-7731' });
    for (const term of ['L2-SAMPLE-7731', 'l2-sample-7731', ' l2-Sample-7731 ']) {
      const res = await get(w.admin, `/api/admin/users/?search=${encodeURIComponent(term)}&limit=100`);
      expect(res.statusCode).toBe(200);
      expect(ids(res.json()), term).toEqual([patient.id]);
    }
    // Still a search over names too: the OR keeps the trigram search.
    const byName = (await get(w.admin, `/api/admin/users/?search=${w.patientA1.lastName}&limit=100`)).json();
    expect(ids(byName)).toContain(w.patientA1.id);
  });

  it('finds the patient in the patient list, inside the caller scope only', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA, labSampleId: 'L2-SAMPLE-8842' });
    const url = '/api/v1/users/patient/list/?search=l2-sample-8842';
    expect(ids((await get(w.admin, url)).json())).toEqual([patient.id]);
    expect(ids((await get(w.hcA, url)).json())).toEqual([patient.id]);
    expect(ids((await get(w.labUser1, url)).json())).toEqual([patient.id]);
    // Another HC and another lab do not find it.
    expect((await get(w.hcB, url)).json()).toMatchObject({ count: 0, results: [] });
    expect((await get(w.labUser2, url)).json()).toMatchObject({ count: 0, results: [] });
  });

  it('the Users List stays admin-only', async () => {
    for (const who of [w.hcA, w.repA, w.labUser1, w.patientA1]) {
      expect((await get(who, '/api/admin/users/?search=l2-sample-7731')).statusCode).toBe(403);
    }
  });
});

describe("changing a patient's harvest center moves its processing lab", () => {
  it("sends the patient to the new HC's lab, so the old lab no longer sees it", async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    expect((await get(w.labUser1, `/api/v1/patients/${patient.id}/`)).statusCode).toBe(200);
    const res = await patchPatient(w.admin, patient.id, { harvest_center_temporal: w.hcB.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ harvest_center_temporal: w.hcB.id, processing_lab: w.lab2.id });
    expect((await get(w.labUser1, `/api/v1/patients/${patient.id}/`)).statusCode).toBe(403);
    expect((await get(w.labUser2, `/api/v1/patients/${patient.id}/`)).statusCode).toBe(200);
  });

  it('follows the HC when the form sends the unchanged lab with it', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const res = await patchPatient(w.admin, patient.id, {
      harvest_center_temporal: w.hcB.id,
      processing_lab: w.lab1.id,
    });
    expect(res.json().processing_lab).toBe(w.lab2.id);
  });

  it('keeps a lab the same request chooses, and the lab when the HC is not changed', async () => {
    const lab3 = await createProcessingLab(t.db, 'Lab Three');
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const chosen = await patchPatient(w.admin, patient.id, {
      harvest_center_temporal: w.hcB.id,
      processing_lab: lab3.id,
    });
    expect(chosen.json()).toMatchObject({ harvest_center_temporal: w.hcB.id, processing_lab: lab3.id });
    const same = await patchPatient(w.admin, patient.id, {
      harvest_center_temporal: w.hcB.id,
      lab_id: 'X-1',
    });
    expect(same.json().processing_lab).toBe(lab3.id);
  });

  it('an HC still cannot move its patient to another HC', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    expect((await patchPatient(w.hcA, patient.id, { harvest_center_temporal: w.hcB.id })).statusCode).toBe(
      403,
    );
    const [row] = await t.db.select({ active: users.isActive }).from(users).where(eq(users.id, patient.id));
    expect(row.active).toBe(true);
    expect((await get(w.labUser1, `/api/v1/patients/${patient.id}/`)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/users/{id}/delete-blockers/', () => {
  const blockersOf = (who: { id: number }, id: number | string) =>
    get(who, `/api/v1/users/${id}/delete-blockers/`);

  it('tells an admin, before acting, that an HC with patients cannot be deleted', async () => {
    const res = await blockersOf(w.admin, w.hcA.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.hcA.id, is_active: true, can_delete: false });
    expect(res.json().blockers.patients).toMatch(/patients/);
    // Asking changes nothing.
    const [row] = await t.db.select({ active: users.isActive }).from(users).where(eq(users.id, w.hcA.id));
    expect(row.active).toBe(true);
  });

  it('says an account with nothing depending on it can be deleted', async () => {
    const rep = await createUser(t.db, { membershipId: 3 });
    expect((await blockersOf(w.admin, rep.id)).json()).toEqual({
      id: rep.id,
      is_active: true,
      can_delete: true,
      blockers: {},
    });
  });

  it('refuses other roles, the admin itself, and answers 404 / 400 for unknown and bad ids', async () => {
    for (const who of [w.hcA, w.repA, w.managerA, w.labUser1, w.patientA1]) {
      expect((await blockersOf(who, w.patientA1.id)).statusCode).toBe(403);
    }
    expect((await blockersOf(w.admin, w.admin.id)).statusCode).toBe(403);
    expect((await blockersOf(w.admin, 99_999_999)).statusCode).toBe(404);
    expect((await blockersOf(w.admin, 'abc')).statusCode).toBe(400);
  });
});
