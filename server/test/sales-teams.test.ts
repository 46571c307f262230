import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { accountColumns, selectAccounts } from '../src/modules/accounts/account-view.repository.ts';
import {
  createHarvestCenter,
  createPatient,
  createSalesRep,
  createSalesTeam,
} from '../src/seed/patient-factories.ts';
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
const post = (who: { id: number }, url: string) => injectAs(t.app, who, { method: 'POST', url });

type Case = [string, (w: ChainWorld) => [{ id: number }, { id: number }[], { id: number }[]]];
function listCases(url: string, cases: Case[]) {
  for (const [role, pick] of cases) {
    it(`${url}: ${role}`, async () => {
      const [actor, seen, hidden] = pick(w);
      const res = await get(actor, `${url}?limit=1000`);
      expect(res.statusCode).toBe(200);
      const ids = idsOf(res.json());
      for (const u of seen) expect(ids).toContain(u.id);
      for (const u of hidden) expect(ids).not.toContain(u.id);
      expect(res.json().count).toBe(ids.length);
    });
  }
}

describe('sales option lists', () => {
  listCases('/api/v1/users/sales-rep/list/', [
    ['admin', (w) => [w.admin, [w.repA, w.repA2, w.repB], []]],
    ['manager: its reps', (w) => [w.managerA, [w.repA, w.repA2], [w.repB]]],
    ["distributor: its managers' reps", (w) => [w.distributorB, [w.repB], [w.repA]]],
    ['rep: itself', (w) => [w.repA, [w.repA], [w.repA2, w.repB]]],
    ['HC: its own rep', (w) => [w.hcB, [w.repB], [w.repA]]],
    ['lab: none', (w) => [w.labUser1, [], [w.repA, w.repB]]],
  ]);
  listCases('/api/v1/users/sales-manager/list/', [
    ['admin', (w) => [w.admin, [w.managerA, w.managerB], []]],
    ['distributor: its managers', (w) => [w.distributorA, [w.managerA], [w.managerB]]],
    ['manager: itself', (w) => [w.managerB, [w.managerB], [w.managerA]]],
    ['rep: its manager', (w) => [w.repA, [w.managerA], [w.managerB]]],
    ['HC: none', (w) => [w.hcA, [], [w.managerA]]],
  ]);
  listCases('/api/v1/users/sales-distributor/list/', [
    ['admin', (w) => [w.admin, [w.distributorA, w.distributorB], []]],
    ['distributor: itself', (w) => [w.distributorA, [w.distributorA], [w.distributorB]]],
    ['manager: its distributor', (w) => [w.managerB, [w.distributorB], [w.distributorA]]],
    ['HC: none', (w) => [w.hcA, [], [w.distributorA]]],
  ]);

  it('items carry the option fields and the team links', async () => {
    const res = (
      await get(w.managerA, `/api/v1/users/sales-rep/list/?search=${encodeURIComponent(w.repA.email)}`)
    ).json();
    expect(res.results).toHaveLength(1);
    expect(res.results[0]).toMatchObject({
      id: w.repA.id,
      value: w.repA.id,
      label: `${w.repA.firstName} ${w.repA.lastName}`,
      subscription: 3,
      sales_manager_id: w.managerA.id,
      sales_manager_desc: { id: w.managerA.id, email: w.managerA.email },
      sales_distributor_id: w.distributorA.id,
    });
  });
});

describe('GET /api/v1/users/sales-rep/{id}/', () => {
  it('the rep, its manager and distributor, and accounts whose rep it is', async () => {
    for (const who of [w.repA, w.managerA, w.distributorA, w.hcA, w.patientA1, w.admin]) {
      const res = await get(who, `/api/v1/users/sales-rep/${w.repA.id}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: w.repA.id, sales_manager_id: w.managerA.id });
    }
  });
  it('nobody else', async () => {
    for (const who of [w.repB, w.managerB, w.distributorB, w.hcB, w.labUser1, w.staffA, w.repA2]) {
      expect((await get(who, `/api/v1/users/sales-rep/${w.repA.id}/`)).statusCode).toBe(403);
    }
    expect((await get(w.admin, `/api/v1/users/sales-rep/${w.managerA.id}/`)).statusCode).toBe(404);
  });
});

describe('team lists', () => {
  it('GET /api/v1/sales-rep/sales-manager/list/{manager}/: the sales rep team', async () => {
    const own = await get(w.managerA, `/api/v1/sales-rep/sales-manager/list/${w.managerA.id}/`);
    expect(idsOf(own.json())).toEqual(sortedIds(w.repA, w.repA2));
    expect(
      (await get(w.distributorA, `/api/v1/sales-rep/sales-manager/list/${w.managerA.id}/`)).statusCode,
    ).toBe(200);
    expect((await get(w.managerB, `/api/v1/sales-rep/sales-manager/list/${w.managerA.id}/`)).statusCode).toBe(
      403,
    );
    expect(
      (await get(w.distributorB, `/api/v1/sales-rep/sales-manager/list/${w.managerA.id}/`)).statusCode,
    ).toBe(403);
    expect((await get(w.repA, `/api/v1/sales-rep/sales-manager/list/${w.managerA.id}/`)).statusCode).toBe(
      403,
    );
  });

  it("GET /api/v1/sales-managers/{id}/patients/: the team's patients", async () => {
    const own = await get(w.managerA, `/api/v1/sales-managers/${w.managerA.id}/patients/`);
    expect(idsOf(own.json())).toEqual(sortedIds(w.patientA1, w.patientA2, w.patientA3));
    expect((await get(w.distributorA, `/api/v1/sales-managers/${w.managerA.id}/patients/`)).statusCode).toBe(
      200,
    );
    expect((await get(w.managerB, `/api/v1/sales-managers/${w.managerA.id}/patients/`)).statusCode).toBe(403);
    expect((await get(w.distributorB, `/api/v1/sales-managers/${w.managerA.id}/patients/`)).statusCode).toBe(
      403,
    );
    expect((await get(w.repA, `/api/v1/sales-managers/${w.managerA.id}/patients/`)).statusCode).toBe(403);
  });

  it('GET /api/v1/sales-distributors/{id}/ and its sales-managers/, sales-rep/, patients/', async () => {
    const base = `/api/v1/sales-distributors/${w.distributorA.id}`;
    expect((await get(w.distributorA, `${base}/`)).json()).toMatchObject({
      id: w.distributorA.id,
      subscription: 8,
    });
    expect((await get(w.managerA, `${base}/`)).statusCode).toBe(200);
    expect((await get(w.managerB, `${base}/`)).statusCode).toBe(403);
    expect(idsOf((await get(w.distributorA, `${base}/sales-managers/`)).json())).toEqual([w.managerA.id]);
    expect(idsOf((await get(w.distributorA, `${base}/sales-rep/`)).json())).toEqual(
      sortedIds(w.repA, w.repA2),
    );
    expect(idsOf((await get(w.distributorA, `${base}/patients/`)).json())).toEqual(
      sortedIds(w.patientA1, w.patientA2, w.patientA3),
    );
    for (const path of ['/', '/sales-managers/', '/sales-rep/', '/patients/']) {
      expect((await get(w.distributorB, `${base}${path}`)).statusCode, path).toBe(403);
    }
    expect((await get(w.managerA, `${base}/sales-managers/`)).statusCode).toBe(403);
    expect((await get(w.admin, `/api/v1/sales-distributors/${w.managerA.id}/`)).statusCode).toBe(404);
  });
});

describe('removing from a team', () => {
  it('a manager removes its rep: the rep and its accounts leave the team at once', async () => {
    const team = await createSalesTeam(t.db);
    const hc = await createHarvestCenter(t.db, { rep: team.rep });
    const patient = await createPatient(t.db, { harvestCenter: hc });
    const url = `/api/v1/sales-rep/${team.rep.id}/remove-team/`;

    expect((await post(w.managerA, url)).statusCode).toBe(403);
    expect((await post(team.distributor, url)).statusCode).toBe(403);
    const res = await post(team.manager, url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sales rep has been removed from the team.', id: team.rep.id });

    const rows = await selectAccounts(t.db, accountColumns).where(
      inArray(users.id, [team.rep.id, hc.id, patient.id]),
    );
    for (const row of rows) {
      expect(row.salesManagerId).toBeNull();
      expect(row.salesDistributorId).toBeNull();
    }
    expect(rows.find((r) => r.id === patient.id)?.salesRepId).toBe(team.rep.id);
    expect(
      idsOf((await get(team.manager, `/api/v1/sales-rep/sales-manager/list/${team.manager.id}/`)).json()),
    ).toEqual([]);
    expect(
      idsOf((await get(team.manager, `/api/v1/sales-managers/${team.manager.id}/patients/`)).json()),
    ).toEqual([]);
    // Gone from the team: the manager may not remove it again; an admin is told it has no team.
    expect((await post(team.manager, url)).statusCode).toBe(403);
    expect((await post(w.admin, url)).statusCode).toBe(400);
    expect((await post(w.admin, `/api/v1/sales-rep/${team.manager.id}/remove-team/`)).statusCode).toBe(404);
  });

  it('a distributor removes its manager: the manager, its reps and their accounts leave', async () => {
    const team = await createSalesTeam(t.db);
    const rep2 = await createSalesRep(t.db, { manager: team.manager });
    const hc = await createHarvestCenter(t.db, { rep: rep2 });
    const patient = await createPatient(t.db, { harvestCenter: hc });
    const url = `/api/v1/sales-distributors/${team.manager.id}/remove-team/`;

    expect((await post(w.distributorA, url)).statusCode).toBe(403);
    expect((await post(team.manager, url)).statusCode).toBe(403);
    const res = await post(team.distributor, url);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sales manager has been removed from the team.');

    const rows = await selectAccounts(t.db, accountColumns).where(
      inArray(users.id, [team.manager.id, team.rep.id, rep2.id, hc.id, patient.id]),
    );
    for (const row of rows) expect(row.salesDistributorId).toBeNull();
    const [keptManager] = await selectAccounts(t.db, accountColumns).where(eq(users.id, rep2.id));
    expect(keptManager.salesManagerId).toBe(team.manager.id);

    const base = `/api/v1/sales-distributors/${team.distributor.id}`;
    expect(idsOf((await get(team.distributor, `${base}/sales-managers/`)).json())).toEqual([]);
    expect(idsOf((await get(team.distributor, `${base}/sales-rep/`)).json())).toEqual([]);
    expect(idsOf((await get(team.distributor, `${base}/patients/`)).json())).toEqual([]);
    expect((await post(team.distributor, url)).statusCode).toBe(403);
  });

  it('removal is a POST', async () => {
    const res = await get(w.managerA, `/api/v1/sales-rep/${w.repA.id}/remove-team/`);
    expect(res.statusCode).toBe(404);
    const [rep] = await selectAccounts(t.db, accountColumns).where(eq(users.id, w.repA.id));
    expect(rep.salesManagerId).toBe(w.managerA.id);
  });
});
