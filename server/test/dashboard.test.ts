import type { TDashboardSummary, TPatientStageCounts } from '@portal/shared/dashboard';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { LAB_STAGES } from '@portal/shared/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/platform.ts';
import { createUser } from '../src/seed/factories.ts';
import { createPatient, createVialRecord } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
let patientWithVials: { id: number };

/**
 * The chain world (helpers/chain-world.ts) plus patients at every stage:
 *   hcA: A1, A2 (referred by rhcA) registered; A4 shipped to lab; A6 with vials; A7 inactive
 *   hcA2: A3 registered; A5 received by lab        hcB: B1 registered; B2 vials ready to ship
 */
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
  await createPatient(t.db, { harvestCenter: w.hcA, dateAdiposeShippedToLab: '2026-01-05' });
  await createPatient(t.db, {
    harvestCenter: w.hcA2,
    dateAdiposeShippedToLab: '2026-01-05',
    dateAdiposeReceivedByLab: '2026-01-07',
  });
  patientWithVials = await createPatient(t.db, { harvestCenter: w.hcA });
  await createVialRecord(t.db, { patient: patientWithVials, type: 'added', quantity: 3 });
  await createVialRecord(t.db, { patient: patientWithVials, type: 'shipped', quantity: 1 });
  await createPatient(t.db, { harvestCenter: w.hcA, isActive: false });
  await createPatient(t.db, { harvestCenter: w.hcB, dateVialsReadyToShip: '2026-03-01' });
  await t.db.insert(mailOutbox).values([
    { to: 'gone@example.test', subject: 'Welcome', text: 'x', status: 'failed', lastError: 'bounced' },
    { to: 'ok@example.test', subject: 'Welcome', text: 'x', status: 'sent' },
  ]);
});
afterAll(() => t.close());

const get = async (who: { id: number }, url: string) => {
  const response = await injectAs(t.app, who, { method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};
const summaryOf = (who: { id: number }): Promise<TDashboardSummary> => get(who, '/api/v1/dashboard/summary/');

function stages(counts: Partial<TPatientStageCounts['by_stage']>): TPatientStageCounts {
  const by_stage = {
    registered: 0,
    shipped_to_lab: 0,
    received_by_lab: 0,
    plating: 0,
    ready: 0,
    vials: 0,
    all_shipped: 0,
  };
  Object.assign(by_stage, counts);
  return { total: Object.values(by_stage).reduce((a, b) => a + b, 0), by_stage };
}

/** Each count equals the `count` of the list the card opens, in total and with each stage filter. */
async function expectPatientCountsMatchList(who: { id: number }, counts: TPatientStageCounts, list: string) {
  expect((await get(who, `${list}?limit=1`)).count).toBe(counts.total);
  for (const stage of LAB_STAGES) {
    expect((await get(who, `${list}?limit=1&lab_stage=${stage}`)).count, stage).toBe(counts.by_stage[stage]);
  }
}

const VISIBLE_PATIENTS = '/api/v1/users/patient/list/';

describe('GET /api/v1/dashboard/summary/', () => {
  it('admin: every active patient by stage, inactive users and failed mail, as their lists count them', async () => {
    const summary = await summaryOf(w.admin);
    const patients = stages({ registered: 4, shipped_to_lab: 1, received_by_lab: 1, ready: 1, vials: 1 });
    expect(summary).toEqual({ kind: 'admin', patients, inactive_users: 1, failed_mail: 1 });
    await expectPatientCountsMatchList(w.admin, patients, VISIBLE_PATIENTS);
    expect((await get(w.admin, '/api/admin/users/all/inactive/?limit=1')).count).toBe(1);
    expect((await get(w.admin, '/api/admin/mail-outbox/?status=failed&limit=1')).count).toBe(1);
  });

  it("lab accounts: their lab's patients and harvest centers only", async () => {
    const patients = stages({ registered: 3, shipped_to_lab: 1, received_by_lab: 1, vials: 1 });
    for (const lab of [w.labUser1, w.labAccess1]) {
      expect(await summaryOf(lab)).toEqual({ kind: 'lab', patients, harvest_centers: 2 });
    }
    await expectPatientCountsMatchList(w.labUser1, patients, VISIBLE_PATIENTS);
    expect((await get(w.labUser1, `/api/v1/processing-labs/${w.lab1.id}/harvestcenters/`)).count).toBe(2);
    // The other lab counts its own.
    expect(await summaryOf(w.labUser2)).toEqual({
      kind: 'lab',
      patients: stages({ registered: 1, ready: 1 }),
      harvest_centers: 1,
    });
  });

  it('harvest center: its patients, referral patients and staff; not another center’s', async () => {
    const patients = stages({ registered: 2, shipped_to_lab: 1, vials: 1 });
    expect(await summaryOf(w.hcA)).toEqual({
      kind: 'harvest_center',
      patients,
      referral_patients: 1,
      staff: 1,
    });
    await expectPatientCountsMatchList(w.hcA, patients, VISIBLE_PATIENTS);
    expect((await get(w.hcA, `/api/v1/harvest-centers/${w.hcA.id}/referral-patients/`)).count).toBe(1);
    expect((await get(w.hcA, `/api/v1/hc-staff/${w.hcA.id}/staff-list/`)).staff_list).toHaveLength(1);
    expect(await summaryOf(w.hcB)).toEqual({
      kind: 'harvest_center',
      patients: stages({ registered: 1, ready: 1 }),
      referral_patients: 1,
      staff: 0,
    });
  });

  it('referral harvest center: the patients it referred', async () => {
    const patients = stages({ registered: 1 });
    expect(await summaryOf(w.rhcA)).toEqual({ kind: 'referral_harvest_center', patients });
    await expectPatientCountsMatchList(w.rhcA, patients, VISIBLE_PATIENTS);
  });

  it("HC staff: its centers' patients and the centers it works for", async () => {
    const patients = stages({ registered: 2, shipped_to_lab: 1, vials: 1 });
    expect(await summaryOf(w.staffA)).toEqual({ kind: 'hc_staff', patients, harvest_centers: 1 });
    await expectPatientCountsMatchList(w.staffA, patients, VISIBLE_PATIENTS);
    expect((await get(w.staffA, `/api/v1/hc-staff/${w.staffA.id}/hc-list/`)).harvest_centers).toHaveLength(1);
  });

  it('sales rep: its centers and their patients, not a teammate’s', async () => {
    const patients = stages({ registered: 2, shipped_to_lab: 1, vials: 1 });
    expect(await summaryOf(w.repA)).toEqual({
      kind: 'sales_rep',
      patients,
      harvest_centers: 1,
      referral_harvest_centers: 1,
    });
    await expectPatientCountsMatchList(w.repA, patients, VISIBLE_PATIENTS);
    expect((await get(w.repA, `/api/v1/harvest-centers/sales-rep/${w.repA.id}/`)).count).toBe(1);
    expect((await get(w.repA, `/api/v1/referral-harvest-centers/sales-rep/${w.repA.id}/`)).count).toBe(1);
    expect(await summaryOf(w.repA2)).toEqual({
      kind: 'sales_rep',
      patients: stages({ registered: 1, received_by_lab: 1 }),
      harvest_centers: 1,
      referral_harvest_centers: 0,
    });
  });

  it("sales manager and distributor: their team's patients and people, not the other team's", async () => {
    const teamA = stages({ registered: 3, shipped_to_lab: 1, received_by_lab: 1, vials: 1 });
    expect(await summaryOf(w.managerA)).toEqual({ kind: 'sales_manager', patients: teamA, sales_reps: 2 });
    await expectPatientCountsMatchList(
      w.managerA,
      teamA,
      `/api/v1/sales-managers/${w.managerA.id}/patients/`,
    );
    expect((await get(w.managerA, `/api/v1/sales-rep/sales-manager/list/${w.managerA.id}/`)).count).toBe(2);

    expect(await summaryOf(w.distributorA)).toEqual({
      kind: 'sales_distributor',
      patients: teamA,
      sales_managers: 1,
      sales_reps: 2,
    });
    const distributorList = `/api/v1/sales-distributors/${w.distributorA.id}`;
    await expectPatientCountsMatchList(w.distributorA, teamA, `${distributorList}/patients/`);
    expect((await get(w.distributorA, `${distributorList}/sales-managers/`)).count).toBe(1);
    expect((await get(w.distributorA, `${distributorList}/sales-rep/`)).count).toBe(2);

    const teamB = stages({ registered: 1, ready: 1 });
    expect(await summaryOf(w.managerB)).toEqual({ kind: 'sales_manager', patients: teamB, sales_reps: 1 });
    expect(await summaryOf(w.distributorB)).toMatchObject({
      patients: teamB,
      sales_managers: 1,
      sales_reps: 1,
    });
  });

  it('patient: its own vials and stage only', async () => {
    expect(await summaryOf(patientWithVials)).toEqual({
      kind: 'patient',
      lab_stage: 'vials',
      vials_available: 2,
      vials_shipped: 1,
    });
    expect(await summaryOf(w.patientA1)).toEqual({
      kind: 'patient',
      lab_stage: 'registered',
      vials_available: 0,
      vials_shipped: 0,
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/v1/dashboard/summary/' })).statusCode).toBe(401);
  });

  it('an account with no links counts nothing', async () => {
    const loneRep = await createUser(t.db, { membershipId: MEMBERSHIP.salesRep });
    expect(await summaryOf(loneRep)).toEqual({
      kind: 'sales_rep',
      patients: stages({}),
      harvest_centers: 0,
      referral_harvest_centers: 0,
    });
  });
});
