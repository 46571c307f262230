import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  PATIENT_CENTER_FIELDS,
  PATIENT_IDENTITY_FIELDS,
  PATIENT_LAB_FIELDS,
  type TPatientDetail,
} from '@portal/shared/patients';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { auditLog, mailOutbox } from '../src/db/schema/platform.ts';
import { accountColumns, selectAccounts } from '../src/modules/accounts/account-view.repository.ts';
import { updatePatientRecord } from '../src/modules/accounts/account-writes.repository.ts';
import {
  createHarvestCenter,
  createPatient,
  createReferralHarvestCenter,
  createSalesRep,
} from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld, idsOf } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const getPatient = (who: { id: number }, id: number | string) =>
  injectAs(t.app, who, { method: 'GET', url: `/api/v1/patients/${id}/` });
const patchPatient = (who: { id: number }, id: number, payload: Record<string, unknown>) =>
  injectAs(t.app, who, { method: 'PATCH', url: `/api/v1/patients/${id}/`, payload });

describe('GET /api/v1/patients/{id}/: who sees which patient', () => {
  // [role, a patient it sees, a patient it must not see]
  const cases: [string, (w: ChainWorld) => [{ id: number }, { id: number }, { id: number }]][] = [
    // Admins see every patient: nothing to forbid.
    ['admin', (w) => [w.admin, w.patientB1, w.patientB1]],
    ['the patient itself', (w) => [w.patientA1, w.patientA1, w.patientA2]],
    ['its harvest center', (w) => [w.hcA, w.patientA2, w.patientA3]],
    ['the referring RHC', (w) => [w.rhcA, w.patientA2, w.patientA1]],
    ['a lab user of the lab (1)', (w) => [w.labUser1, w.patientA3, w.patientB1]],
    ['a lab access user of the lab (11)', (w) => [w.labAccess1, w.patientA1, w.patientB1]],
    ['its sales rep', (w) => [w.repA, w.patientA1, w.patientA3]],
    ["the rep's manager", (w) => [w.managerA, w.patientA3, w.patientB1]],
    ["the manager's distributor", (w) => [w.distributorA, w.patientA2, w.patientB1]],
    ["the HC's staff", (w) => [w.staffA, w.patientA1, w.patientA3]],
  ];
  for (const [role, pick] of cases) {
    it(`${role}: allowed, and 403 for another patient`, async () => {
      const [actor, allowed, forbidden] = pick(w);
      const ok = await getPatient(actor, allowed.id);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().id).toBe(allowed.id);
      if (forbidden.id !== allowed.id) {
        const res = await getPatient(actor, forbidden.id);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/access/);
      }
    });
  }

  it('answers 404 for an unknown id or a non-patient, 400 for a bad id', async () => {
    expect((await getPatient(w.admin, 99_999_999)).statusCode).toBe(404);
    expect((await getPatient(w.admin, w.hcA.id)).statusCode).toBe(404);
    expect((await getPatient(w.admin, 'abc')).statusCode).toBe(400);
  });

  it('returns the lab fields, centers, rep and what the caller may change', async () => {
    const admin = (await getPatient(w.admin, w.patientA2.id)).json() as TPatientDetail;
    expect(admin).toMatchObject({
      subscription: MEMBERSHIP.patient,
      harvest_center_temporal: w.hcA.id,
      hc_desc: [{ id: w.hcA.id, company: 'Alpha Harvest' }],
      referral_harvest_center_temporal: w.rhcA.id,
      rhc_desc: [{ id: w.rhcA.id, company: 'Alpha Referral' }],
      saless_rep_id: w.repA.id,
      sales_rep_desc: { id: w.repA.id },
      sales_manager_id: w.managerA.id,
      sales_distributor_id: w.distributorA.id,
      processing_lab: w.lab1.id,
      processing_lab_name: 'Lab One',
      lab_stage: 'registered',
      can_edit_vials: true,
    });
    expect(admin).not.toHaveProperty('password_hash');
    expect(admin.editable_fields.sort()).toEqual(
      [...PATIENT_IDENTITY_FIELDS, ...PATIENT_CENTER_FIELDS, ...PATIENT_LAB_FIELDS].sort(),
    );
    const lab = (await getPatient(w.labUser1, w.patientA2.id)).json() as TPatientDetail;
    expect(lab.editable_fields.sort()).toEqual([...PATIENT_LAB_FIELDS].sort());
    expect(lab.can_edit_vials).toBe(true);
    const hc = (await getPatient(w.hcA, w.patientA2.id)).json() as TPatientDetail;
    // The e-mail is the patient's login: the HC set it when adding the patient, an admin changes it.
    expect(hc.editable_fields).toContain('first_name');
    expect(hc.editable_fields).not.toContain('email');
    expect(hc.editable_fields).not.toContain('date_adipose_received_by_lab');
    expect(hc.can_edit_vials).toBe(false);
    const rep = (await getPatient(w.repA, w.patientA2.id)).json() as TPatientDetail;
    expect(rep.editable_fields).toEqual([]);
    const own = (await getPatient(w.patientA2, w.patientA2.id)).json() as TPatientDetail;
    expect(own.editable_fields).toEqual([]);
    expect(own.can_edit_vials).toBe(false);
  });
});

describe('PATCH /api/v1/patients/{id}/: lab fields and the 70-day rule', () => {
  it('sets the estimated vials-ready date to received + 70 days', async () => {
    const res = await patchPatient(w.labUser1, w.patientA1.id, {
      lab_id: 'L-1001',
      date_adipose_shipped_to_lab: '2026-01-05',
      date_adipose_received_by_lab: '2026-01-10',
      number_times_qc_done: 2,
      stemcell_plating_successful: 1,
      hla_typing_test: 2,
      vials_preparation: 4,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lab_id: 'L-1001',
      date_adipose_received_by_lab: '2026-01-10',
      estimated_date_vials_ready_to_ship: '2026-03-21',
      estimated_date_set_manually: false,
      number_times_qc_done: 2,
      stemcell_plating_successful: 1,
      hla_typing_test: 2,
      vials_preparation: 4,
      lab_stage: 'received_by_lab',
    });
  });

  it('ignores a typed estimated date unless set manually, and recomputes when unticked', async () => {
    const typed = await patchPatient(w.labUser1, w.patientA1.id, {
      estimated_date_vials_ready_to_ship: '2026-02-01',
    });
    expect(typed.json().estimated_date_vials_ready_to_ship).toBe('2026-03-21');
    const manual = await patchPatient(w.labUser1, w.patientA1.id, {
      estimated_date_set_manually: true,
      estimated_date_vials_ready_to_ship: '2026-02-01',
    });
    expect(manual.json()).toMatchObject({
      estimated_date_set_manually: true,
      estimated_date_vials_ready_to_ship: '2026-02-01',
    });
    // A new received date does not move a manual date.
    const moved = await patchPatient(w.labUser1, w.patientA1.id, {
      date_adipose_received_by_lab: '2026-01-20',
    });
    expect(moved.json().estimated_date_vials_ready_to_ship).toBe('2026-02-01');
    const auto = await patchPatient(w.labUser1, w.patientA1.id, { estimated_date_set_manually: false });
    expect(auto.json().estimated_date_vials_ready_to_ship).toBe('2026-03-31');
    const cleared = await patchPatient(w.labUser1, w.patientA1.id, { date_adipose_received_by_lab: null });
    expect(cleared.json().estimated_date_vials_ready_to_ship).toBeNull();
  });

  it('refuses a field the caller may not change, but accepts it sent back unchanged', async () => {
    const refused = await patchPatient(w.labUser1, w.patientA1.id, { first_name: 'Changed', lab_id: 'L-2' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ first_name: 'You may not change this field' });
    const [row] = await selectAccounts(t.db, accountColumns).where(eq(users.id, w.patientA1.id));
    expect(row.labSampleId).toBe('L-1001');
    const unchanged = await patchPatient(w.labUser1, w.patientA1.id, {
      first_name: row.firstName,
      email: row.email,
      lab_id: 'L-1002',
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().lab_id).toBe('L-1002');
  });

  it("refuses another lab's patient, a sales rep and the patient itself", async () => {
    expect((await patchPatient(w.labUser2, w.patientA1.id, { lab_id: 'X' })).statusCode).toBe(403);
    expect((await patchPatient(w.repA, w.patientA1.id, { lab_id: 'X' })).statusCode).toBe(403);
    expect((await patchPatient(w.patientA1, w.patientA1.id, { lab_id: 'X' })).statusCode).toBe(403);
    expect(
      (await patchPatient(w.hcA, w.patientA1.id, { date_adipose_received_by_lab: '2026-01-01' })).statusCode,
    ).toBe(403);
  });

  it('refuses bad values with 400', async () => {
    const res = await patchPatient(w.admin, w.patientA1.id, {
      date_adipose_received_by_lab: '2026-02-30',
      number_times_qc_done: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['date_adipose_received_by_lab', 'number_times_qc_done']),
    );
  });

  it('lets the HC change the name and an admin the e-mail (unique), and records who changed what', async () => {
    const res = await patchPatient(w.hcA, w.patientA1.id, { first_name: 'Annie' });
    expect(res.statusCode).toBe(200);
    const email = await patchPatient(w.admin, w.patientA1.id, { email: 'Annie.Alpha@Example.test' });
    expect(email.statusCode).toBe(200);
    expect(email.json()).toMatchObject({ first_name: 'Annie', email: 'annie.alpha@example.test' });
    const taken = await patchPatient(w.admin, w.patientA1.id, { email: w.patientA2.email });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toHaveProperty('email');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.updated'), eq(auditLog.targetUserId, w.patientA1.id)));
    const changedBy = (actor: { id: number }, field: string) =>
      audit.some((a) => a.actorUserId === actor.id && (a.detail.fields as string[]).includes(field));
    expect(changedBy(w.hcA, 'firstName')).toBe(true);
    expect(changedBy(w.admin, 'email')).toBe(true);
  });
});

describe('PATCH /api/v1/patients/{id}/: picking a center sets the sales rep', () => {
  it("takes the HC's rep, and the manager and distributor follow it", async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const res = await patchPatient(w.admin, patient.id, { harvest_center_temporal: w.hcB.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      harvest_center_temporal: w.hcB.id,
      saless_rep_id: w.repB.id,
      sales_manager_id: w.managerB.id,
      sales_distributor_id: w.distributorB.id,
    });
  });

  it('sets no rep when the picked HC has none', async () => {
    const orphan = await createHarvestCenter(t.db, { lab: w.lab1 });
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const res = await patchPatient(w.admin, patient.id, { harvest_center_temporal: orphan.id });
    expect(res.json()).toMatchObject({
      saless_rep_id: null,
      sales_manager_id: null,
      sales_distributor_id: null,
    });
  });

  it("takes the RHC's rep when only the RHC is picked, and the HC's when it is cleared", async () => {
    // An RHC of team B associated with hcA (an RHC must be associated with the patient's HC).
    const rhc = await createReferralHarvestCenter(t.db, { rep: w.repB, harvestCenters: [w.hcA] });
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const res = await patchPatient(w.admin, patient.id, { referral_harvest_center_temporal: rhc.id });
    expect(res.json()).toMatchObject({ saless_rep_id: w.repB.id, sales_manager_id: w.managerB.id });
    const cleared = await patchPatient(w.admin, patient.id, { referral_harvest_center_temporal: null });
    expect(cleared.json()).toMatchObject({
      referral_harvest_center_temporal: null,
      saless_rep_id: w.repA.id,
    });
  });

  it('keeps the rep when the same center is sent again', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    await updatePatientRecord(t.db, patient.id, { salesRepId: w.repA2.id });
    const res = await patchPatient(w.admin, patient.id, {
      harvest_center_temporal: w.hcA.id,
      lab_id: 'same',
    });
    expect(res.json().saless_rep_id).toBe(w.repA2.id);
  });

  it('refuses a center that is not one (400) and an HC picking an RHC it is not associated with', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const notHc = await patchPatient(w.admin, patient.id, { harvest_center_temporal: w.rhcA.id });
    expect(notHc.statusCode).toBe(400);
    expect(notHc.json().errors).toHaveProperty('harvest_center_temporal');
    const foreign = await patchPatient(w.hcA, patient.id, { referral_harvest_center_temporal: w.rhcB.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty('referral_harvest_center_temporal');
  });

  it('lets an HC pick an associated RHC, whose rep the patient then gets', async () => {
    const otherRep = await createSalesRep(t.db, { manager: w.managerB });
    const rhc = await createReferralHarvestCenter(t.db, { rep: otherRep, harvestCenters: [w.hcA] });
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const res = await patchPatient(w.hcA, patient.id, { referral_harvest_center_temporal: rhc.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      referral_harvest_center_temporal: rhc.id,
      saless_rep_id: otherRep.id,
    });
    // An HC cannot move its patient to another HC.
    expect((await patchPatient(w.hcA, patient.id, { harvest_center_temporal: w.hcB.id })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/v1/patients/', () => {
  it('an admin adds a patient: subscription 2, rep and lab from the HC, a password mail queued', async () => {
    const res = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/patients/',
      payload: {
        email: 'New.Patient@Example.test',
        first_name: 'New',
        last_name: 'Patient',
        subscription: 2,
        harvest_center_temporal: w.hcB.id,
        date_adipose_received_by_lab: '2026-04-01',
      },
    });
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json();
    expect(message).toMatch(/Patient has been created/);
    expect(data).toMatchObject({
      email: 'new.patient@example.test',
      subscription: 2,
      harvest_center_temporal: w.hcB.id,
      saless_rep_id: w.repB.id,
      sales_manager_id: w.managerB.id,
      processing_lab: w.lab2.id,
      estimated_date_vials_ready_to_ship: '2026-06-10',
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'new.patient@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/set-password\?token=/);
    // Nobody knows the random password.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/',
      payload: { email: 'new.patient@example.test', password: '' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('an HC adds a patient to itself only, without lab fields', async () => {
    const res = await injectAs(t.app, w.hcA, {
      method: 'POST',
      url: '/api/v1/patients/',
      payload: {
        email: 'hc.added@example.test',
        first_name: 'Hc',
        last_name: 'Added',
        estimated_date_set_manually: false,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      harvest_center_temporal: w.hcA.id,
      saless_rep_id: w.repA.id,
      processing_lab: w.lab1.id,
    });
    const other = await injectAs(t.app, w.hcA, {
      method: 'POST',
      url: '/api/v1/patients/',
      payload: {
        email: 'hc.other@example.test',
        first_name: 'A',
        last_name: 'B',
        harvest_center_temporal: w.hcB.id,
      },
    });
    expect(other.statusCode).toBe(403);
    const labField = await injectAs(t.app, w.hcA, {
      method: 'POST',
      url: '/api/v1/patients/',
      payload: {
        email: 'hc.lab@example.test',
        first_name: 'A',
        last_name: 'B',
        date_adipose_received_by_lab: '2026-01-01',
      },
    });
    expect(labField.statusCode).toBe(403);
    expect(labField.json().errors).toHaveProperty('date_adipose_received_by_lab');
  });

  it('refuses a taken e-mail, and roles other than admin and HC', async () => {
    const taken = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/patients/',
      payload: { email: w.patientA2.email.toUpperCase(), first_name: 'A', last_name: 'B' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toHaveProperty('email');
    for (const who of [w.repA, w.labUser1, w.rhcA, w.patientA1, w.staffA]) {
      const res = await injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/patients/',
        payload: { email: `x${who.id}@example.test`, first_name: 'A', last_name: 'B' },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('GET /api/v1/users/patient/list/', () => {
  const list = (who: { id: number }, query = '') =>
    injectAs(t.app, who, { method: 'GET', url: `/api/v1/users/patient/list/${query}` });

  // [role, patients it must see, patients it must not see]
  const cases: [string, (w: ChainWorld) => [{ id: number }, { id: number }[], { id: number }[]]][] = [
    ['admin', (w) => [w.admin, [w.patientA1, w.patientA3, w.patientB1], []]],
    ['HC', (w) => [w.hcA, [w.patientA1, w.patientA2], [w.patientA3, w.patientB1]]],
    ['RHC', (w) => [w.rhcA, [w.patientA2], [w.patientA1, w.patientB1]]],
    ['lab', (w) => [w.labUser1, [w.patientA1, w.patientA3], [w.patientB1]]],
    ['rep', (w) => [w.repA2, [w.patientA3], [w.patientA1, w.patientB1]]],
    ['manager', (w) => [w.managerA, [w.patientA1, w.patientA3], [w.patientB1]]],
    ['distributor', (w) => [w.distributorB, [w.patientB1], [w.patientA1]]],
    ['staff', (w) => [w.staffA, [w.patientA1, w.patientA2], [w.patientA3, w.patientB1]]],
  ];
  for (const [role, pick] of cases) {
    it(`${role} sees its patients only`, async () => {
      const [actor, seen, hidden] = pick(w);
      const res = await list(actor, '?limit=500');
      expect(res.statusCode).toBe(200);
      const ids = idsOf(res.json());
      for (const p of seen) expect(ids).toContain(p.id);
      for (const p of hidden) expect(ids).not.toContain(p.id);
      expect(res.json().count).toBe(ids.length);
    });
  }

  it('is not for patients', async () => {
    expect((await list(w.patientA1)).statusCode).toBe(403);
  });

  it('pages (default 10), searches and filters by center and lab stage in SQL', async () => {
    const hc = await createHarvestCenter(t.db, { lab: w.lab1 });
    for (let i = 0; i < 12; i++) {
      await createPatient(t.db, {
        harvestCenter: hc,
        lastName: `Pager${i}`,
        dateAdiposeShippedToLab: i < 3 ? '2026-01-01' : null,
        labSampleId: `LX-${i}`,
      });
    }
    const first = (await list(w.admin, `?harvest_center_id=${hc.id}`)).json();
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    const second = (await list(w.admin, `?harvest_center_id=${hc.id}&limit=10&offset=10`)).json();
    expect(second.results).toHaveLength(2);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(12);
    const search = (await list(w.admin, `?harvest_center_id=${hc.id}&search=pager1`)).json();
    expect(search.results.map((p: { last_name: string }) => p.last_name).sort()).toEqual(
      ['Pager1', 'Pager10', 'Pager11'].sort(),
    );
    const shipped = (await list(w.admin, `?harvest_center_id=${hc.id}&lab_stage=shipped_to_lab`)).json();
    expect(shipped.count).toBe(3);
    expect(shipped.results.every((p: { lab_stage: string }) => p.lab_stage === 'shipped_to_lab')).toBe(true);
    const bySample = (await list(w.admin, `?harvest_center_id=${hc.id}&lab_id=lx-7`)).json();
    expect(bySample.results.map((p: { lab_id: string }) => p.lab_id)).toEqual(['LX-7']);
    expect((await list(w.admin, '?limit=0')).statusCode).toBe(400);
  });

  it('leaves inactive patients out', async () => {
    const gone = await createPatient(t.db, { harvestCenter: w.hcA, isActive: false });
    const ids = idsOf((await list(w.hcA, '?limit=500')).json());
    expect(ids).not.toContain(gone.id);
  });
});
