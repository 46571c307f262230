import { MEMBERSHIP } from '@portal/shared/memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { createHarvestCenter } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld, idsOf, sortedIds } from './helpers/chain-world.ts';
import { signInFully } from './helpers/second-factors.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const get = (who: { id: number }, url: string) => injectAs(t.app, who, { method: 'GET', url });
const createHc = (who: { id: number }, payload: Record<string, unknown>) =>
  injectAs(t.app, who, { method: 'POST', url: '/api/v1/harvest-centers/', payload });

const newHc = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  first_name: 'Hope',
  last_name: 'Center',
  company: 'Hope Harvest',
  password: 'a-strong-password',
  subscription: 4,
  ...extra,
});

describe('POST /api/v1/harvest-centers/', () => {
  it('an admin creates an HC for a rep; manager and distributor follow the rep', async () => {
    const res = await createHc(
      w.admin,
      newHc('Hope.Admin@Example.test', { saless_rep_id: w.repB.id, processing_lab: w.lab2.id }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Harvest Center has been created!',
      data: {
        email: 'hope.admin@example.test',
        company: 'Hope Harvest',
        subscription: MEMBERSHIP.harvestCenter,
        saless_rep_id: w.repB.id,
        sales_manager_id: w.managerB.id,
        sales_distributor_id: w.distributorB.id,
        processing_lab: w.lab2.id,
        patients_count: 0,
      },
    });
    // It signs in with its password (and sets up its second factor, decision 031)...
    const { token } = await signInFully(t.app, 'hope.admin@example.test', { password: 'a-strong-password' });
    const session = await t.app.inject({
      url: '/api/v1/session/',
      headers: { authorization: `Token ${token}` },
    });
    // ...and accepts the membership agreement at first visit.
    expect(session.json().user.agreement_accepted).toBe(false);
  });

  it('a sales rep creates HCs for itself only', async () => {
    const res = await createHc(w.repA, newHc('hope.rep@example.test'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ saless_rep_id: w.repA.id, sales_manager_id: w.managerA.id });
    const other = await createHc(w.repA, newHc('hope.rep2@example.test', { saless_rep_id: w.repB.id }));
    expect(other.statusCode).toBe(403);
    const lab = await createHc(w.repA, newHc('hope.rep3@example.test', { processing_lab: w.lab1.id }));
    expect(lab.statusCode).toBe(403);
  });

  it('refuses other roles, taken e-mails, short passwords and unknown reps', async () => {
    for (const who of [w.hcA, w.managerA, w.labUser1, w.patientA1]) {
      expect((await createHc(who, newHc(`hope.${who.id}@example.test`))).statusCode).toBe(403);
    }
    const taken = await createHc(w.admin, newHc(w.hcA.email));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toHaveProperty('email');
    const short = await createHc(w.admin, newHc('hope.short@example.test', { password: 'short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toHaveProperty('password');
    const notRep = await createHc(
      w.admin,
      newHc('hope.norep@example.test', { saless_rep_id: w.managerA.id }),
    );
    expect(notRep.statusCode).toBe(400);
    expect(notRep.json().errors).toHaveProperty('saless_rep_id');
    const wrongKind = await createHc(w.admin, newHc('hope.kind@example.test', { subscription: 5 }));
    expect(wrongKind.statusCode).toBe(400);
  });
});

describe('HC lists', () => {
  it('GET /api/admin/harvest-centers/ is for admins, paged and searchable', async () => {
    const res = await get(w.admin, '/api/admin/harvest-centers/?limit=500');
    expect(res.statusCode).toBe(200);
    const ids = idsOf(res.json());
    expect(ids).toEqual(expect.arrayContaining(sortedIds(w.hcA, w.hcA2, w.hcB)));
    expect(ids).not.toContain(w.rhcA.id);
    const search = (await get(w.admin, '/api/admin/harvest-centers/?search=alpha%20two')).json();
    expect(idsOf(search)).toEqual([w.hcA2.id]);
    expect(search.results[0]).toMatchObject({
      sales_rep_desc: { id: w.repA2.id },
      processing_lab_name: 'Lab One',
      patients_count: 1,
    });
    expect((await get(w.repA, '/api/admin/harvest-centers/')).statusCode).toBe(403);
  });

  it('GET /api/v1/harvest-centers/public-options/{rep}/ answers id and company only, without login', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/harvest-centers/public-options/${w.repA.id}/`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ id: w.hcA.id, company: 'Alpha Harvest' });
    for (const option of res.json()) expect(Object.keys(option).sort()).toEqual(['company', 'id']);
    expect(idsOf(res.json())).not.toContain(w.hcA2.id);
    const inactive = await createHarvestCenter(t.db, { rep: w.repB, isActive: false });
    const repB = await t.app.inject({
      method: 'GET',
      url: `/api/v1/harvest-centers/public-options/${w.repB.id}/`,
    });
    expect(idsOf(repB.json())).not.toContain(inactive.id);
    // Not a rep: nothing, and nothing about the account either.
    const notRep = await t.app.inject({
      method: 'GET',
      url: `/api/v1/harvest-centers/public-options/${w.hcA.id}/`,
    });
    expect(notRep.json()).toEqual([]);
  });

  // [role, HC options it sees, HCs it must not see]
  const optionCases: [string, (w: ChainWorld) => [{ id: number }, { id: number }[], { id: number }[]]][] = [
    ['admin', (w) => [w.admin, [w.hcA, w.hcA2, w.hcB], []]],
    ['rep', (w) => [w.repA, [w.hcA], [w.hcA2, w.hcB]]],
    ['manager', (w) => [w.managerA, [w.hcA, w.hcA2], [w.hcB]]],
    ['distributor', (w) => [w.distributorB, [w.hcB], [w.hcA]]],
    ['lab', (w) => [w.labUser1, [w.hcA, w.hcA2], [w.hcB]]],
    ['HC', (w) => [w.hcA, [w.hcA], [w.hcA2, w.hcB]]],
    ['RHC', (w) => [w.rhcA, [w.hcA], [w.hcB]]],
    ['staff', (w) => [w.staffA, [w.hcA], [w.hcA2, w.hcB]]],
  ];
  for (const [role, pick] of optionCases) {
    it(`GET /api/v1/harvest-centers/list-all/: ${role} gets its HCs as options`, async () => {
      const [actor, seen, hidden] = pick(w);
      const res = await get(actor, '/api/v1/harvest-centers/list-all/');
      expect(res.statusCode).toBe(200);
      const ids = idsOf(res.json());
      for (const hc of seen) expect(ids).toContain(hc.id);
      for (const hc of hidden) expect(ids).not.toContain(hc.id);
    });
  }

  it('list-all gives the option shape and refuses patients', async () => {
    const [option] = (await get(w.repA, '/api/v1/harvest-centers/list-all/')).json();
    expect(option).toEqual({
      id: w.hcA.id,
      value: w.hcA.id,
      label: 'Alpha Harvest',
      company: 'Alpha Harvest',
      first_name: w.hcA.firstName,
      last_name: w.hcA.lastName,
      email: w.hcA.email,
      saless_rep_id: w.repA.id,
    });
    expect((await get(w.patientA1, '/api/v1/harvest-centers/list-all/')).statusCode).toBe(403);
  });

  it('GET /api/v1/harvest-centers/sales-rep/{id}/: the rep, its manager and distributor; nobody else', async () => {
    const own = await get(w.repA, `/api/v1/harvest-centers/sales-rep/${w.repA.id}/`);
    expect(own.statusCode).toBe(200);
    expect(idsOf(own.json())).toContain(w.hcA.id);
    expect(idsOf(own.json())).not.toContain(w.hcA2.id);
    expect(idsOf((await get(w.managerA, `/api/v1/harvest-centers/sales-rep/${w.repA2.id}/`)).json())).toEqual(
      [w.hcA2.id],
    );
    expect((await get(w.distributorA, `/api/v1/harvest-centers/sales-rep/${w.repA.id}/`)).statusCode).toBe(
      200,
    );
    expect((await get(w.repA, `/api/v1/harvest-centers/sales-rep/${w.repB.id}/`)).statusCode).toBe(403);
    expect((await get(w.managerB, `/api/v1/harvest-centers/sales-rep/${w.repA.id}/`)).statusCode).toBe(403);
    expect((await get(w.hcA, `/api/v1/harvest-centers/sales-rep/${w.repA.id}/`)).statusCode).toBe(403);
    expect((await get(w.admin, `/api/v1/harvest-centers/sales-rep/${w.hcA.id}/`)).statusCode).toBe(404);
  });

  it('GET /api/v1/harvest-centers/{id}/: visible centers only', async () => {
    expect((await get(w.hcA, `/api/v1/harvest-centers/${w.hcA.id}/`)).json()).toMatchObject({ id: w.hcA.id });
    expect((await get(w.hcA, `/api/v1/harvest-centers/${w.hcB.id}/`)).statusCode).toBe(403);
    expect((await get(w.labUser2, `/api/v1/harvest-centers/${w.hcA.id}/`)).statusCode).toBe(403);
    expect((await get(w.admin, `/api/v1/harvest-centers/${w.rhcA.id}/`)).statusCode).toBe(404);
  });

  it('GET /api/v1/harvest-centers/{id}/: the lab drill-down names a center of the lab', async () => {
    for (const labAccount of [w.labUser1, w.labAccess1]) {
      const center = (await get(labAccount, `/api/v1/harvest-centers/${w.hcA.id}/`)).json();
      expect(center).toMatchObject({ id: w.hcA.id, company: w.hcA.company });
      expect(center.company).not.toBe('');
    }
    expect((await get(w.labUser1, `/api/v1/harvest-centers/${w.hcB.id}/`)).statusCode).toBe(403);
  });
});

describe('patients of a center', () => {
  // [role, the HC it asks about, patients expected (exactly), an HC it must not open]
  const cases: [
    string,
    (w: ChainWorld) => [{ id: number }, { id: number }, { id: number }[], { id: number }],
  ][] = [
    ['the HC itself', (w) => [w.hcA, w.hcA, [w.patientA1, w.patientA2], w.hcB]],
    ['its lab', (w) => [w.labUser1, w.hcA, [w.patientA1, w.patientA2], w.hcB]],
    ['its rep', (w) => [w.repA, w.hcA, [w.patientA1, w.patientA2], w.hcA2]],
    ["its rep's manager", (w) => [w.managerA, w.hcA2, [w.patientA3], w.hcB]],
    ['its staff', (w) => [w.staffA, w.hcA, [w.patientA1, w.patientA2], w.hcA2]],
    // An associated RHC opens the HC but sees only the patients it referred.
    ['an associated RHC', (w) => [w.rhcA, w.hcA, [w.patientA2], w.hcB]],
  ];
  for (const [role, pick] of cases) {
    it(`GET /api/v1/harvest-centers/{id}/patients/: ${role}`, async () => {
      const [actor, hc, expected, foreign] = pick(w);
      const res = await get(actor, `/api/v1/harvest-centers/${hc.id}/patients/?limit=100`);
      expect(res.statusCode).toBe(200);
      expect(idsOf(res.json())).toEqual(sortedIds(...expected));
      expect((await get(actor, `/api/v1/harvest-centers/${foreign.id}/patients/`)).statusCode).toBe(403);
    });
  }

  it('patients cannot list center patients', async () => {
    expect((await get(w.patientA1, `/api/v1/harvest-centers/${w.hcA.id}/patients/`)).statusCode).toBe(403);
  });

  it('referral-patients/ lists the HC patients an RHC referred', async () => {
    const res = await get(w.hcA, `/api/v1/harvest-centers/${w.hcA.id}/referral-patients/`);
    expect(idsOf(res.json())).toEqual([w.patientA2.id]);
    expect(res.json().results[0].rhc_desc).toEqual([
      { id: w.rhcA.id, company: 'Alpha Referral', email: w.rhcA.email, template_id: '' },
    ]);
    expect((await get(w.hcB, `/api/v1/harvest-centers/${w.hcA.id}/referral-patients/`)).statusCode).toBe(403);
  });

  it('patientList/ gives the HC patients as options', async () => {
    const res = await get(w.hcA, `/api/v1/harvest-centers/${w.hcA.id}/patientList/`);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual(sortedIds(w.patientA1, w.patientA2));
    expect(res.json()[0]).toEqual({
      id: expect.any(Number),
      value: expect.any(Number),
      label: expect.stringMatching(/Alpha/),
      first_name: expect.any(String),
      last_name: 'Alpha',
      email: expect.any(String),
    });
    expect((await get(w.hcA, `/api/v1/harvest-centers/${w.hcB.id}/patientList/`)).statusCode).toBe(403);
  });

  it('{rhc}/referral/patientList/ and referral/{rhc}/patients/ list what the RHC referred', async () => {
    const options = await get(w.rhcA, `/api/v1/harvest-centers/${w.rhcA.id}/referral/patientList/`);
    expect(idsOf(options.json())).toEqual([w.patientA2.id]);
    const page = await get(w.rhcA, `/api/v1/harvest-centers/referral/${w.rhcA.id}/patients/`);
    expect(page.json()).toMatchObject({ count: 1 });
    expect(idsOf(page.json())).toEqual([w.patientA2.id]);
    expect((await get(w.rhcA, `/api/v1/harvest-centers/referral/${w.rhcB.id}/patients/`)).statusCode).toBe(
      403,
    );
    expect((await get(w.repB, `/api/v1/harvest-centers/referral/${w.rhcA.id}/patients/`)).statusCode).toBe(
      403,
    );
    expect((await get(w.rhcB, `/api/v1/harvest-centers/${w.rhcA.id}/referral/patientList/`)).statusCode).toBe(
      403,
    );
    expect(
      idsOf((await get(w.repA, `/api/v1/harvest-centers/referral/${w.rhcA.id}/patients/`)).json()),
    ).toEqual([w.patientA2.id]);
  });
});

describe('referral harvest center lists', () => {
  it('GET /api/v1/referral-harvest-centers/ shows each caller its RHCs with their HCs', async () => {
    const admin = (await get(w.admin, '/api/v1/referral-harvest-centers/?limit=500')).json();
    expect(idsOf(admin)).toEqual(expect.arrayContaining(sortedIds(w.rhcA, w.rhcB)));
    const rhcA = admin.results.find((r: { id: number }) => r.id === w.rhcA.id);
    expect(rhcA).toMatchObject({
      subscription: 5,
      patients_count: 1,
      hc_desc: [{ id: w.hcA.id, company: 'Alpha Harvest' }],
    });
    expect(idsOf((await get(w.hcA, '/api/v1/referral-harvest-centers/')).json())).toEqual([w.rhcA.id]);
    expect(idsOf((await get(w.repB, '/api/v1/referral-harvest-centers/')).json())).toEqual([w.rhcB.id]);
    expect(idsOf((await get(w.rhcA, '/api/v1/referral-harvest-centers/')).json())).toEqual([w.rhcA.id]);
    expect((await get(w.labUser1, '/api/v1/referral-harvest-centers/')).statusCode).toBe(403);
    expect((await get(w.patientA2, '/api/v1/referral-harvest-centers/')).statusCode).toBe(403);
  });

  it('GET /api/v1/referral-harvest-centers/sales-rep/{id}/', async () => {
    expect(
      idsOf((await get(w.repA, `/api/v1/referral-harvest-centers/sales-rep/${w.repA.id}/`)).json()),
    ).toEqual([w.rhcA.id]);
    expect((await get(w.repA, `/api/v1/referral-harvest-centers/sales-rep/${w.repB.id}/`)).statusCode).toBe(
      403,
    );
    expect(
      (await get(w.distributorB, `/api/v1/referral-harvest-centers/sales-rep/${w.repB.id}/`)).statusCode,
    ).toBe(200);
  });

  it('a deactivated HC leaves the lists', async () => {
    const hc = await createHarvestCenter(t.db, { rep: w.repA });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, hc.id));
    const ids = idsOf((await get(w.repA, `/api/v1/harvest-centers/sales-rep/${w.repA.id}/`)).json());
    expect(ids).not.toContain(hc.id);
  });
});
