import { sumVialRecords } from '@portal/shared/vials';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { vialRecords } from '../src/db/schema/vials.ts';
import { accountColumns, selectAccounts } from '../src/modules/accounts/account-view.repository.ts';
import { createPatient, createVialRecord } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const addRecord = (who: { id: number } | string, payload: Record<string, unknown>) =>
  injectAs(t.app, who, { method: 'POST', url: '/api/v1/vials-history/', payload });
const editRecord = (who: { id: number }, id: number, payload: Record<string, unknown>) =>
  injectAs(t.app, who, { method: 'PATCH', url: `/api/v1/vials-history/${id}/`, payload });
const history = (who: { id: number }, patientId: number, query = '') =>
  injectAs(t.app, who, { method: 'GET', url: `/api/v1/vials-history/user/${patientId}/${query}` });

/** The stored totals, and the totals the patient's records add up to: they must always agree. */
async function totalsOf(patientId: number) {
  const [row] = await selectAccounts(t.db, accountColumns).where(eq(users.id, patientId));
  const records = await t.db.select().from(vialRecords).where(eq(vialRecords.userId, patientId));
  return {
    stored: { vials_available: row.vialsAvailable, vials_shipped: row.vialsShipped },
    summed: sumVialRecords(records),
  };
}

describe('vial records move the totals', () => {
  it("an 'added' record raises available; a 'shipped' one raises shipped and lowers available", async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const added = await addRecord(w.admin, {
      user: patient.id,
      type: 'added',
      quantity: 10,
      date: '2026-05-01',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      vials_available: 10,
      vials_shipped: 0,
      data: { user: patient.id, type: 'added', quantity: 10, date: '2026-05-01', tracking_id: '' },
    });
    const shipped = await addRecord(w.labUser1, {
      user: patient.id,
      type: 'shipped',
      quantity: 3,
      date: '2026-05-02',
      tracking_id: '1Z999',
      note: 'to clinic',
    });
    expect(shipped.statusCode).toBe(201);
    expect(shipped.json()).toMatchObject({
      vials_available: 7,
      vials_shipped: 3,
      data: { tracking_id: '1Z999' },
    });
    const totals = await totalsOf(patient.id);
    expect(totals.stored).toEqual({ vials_available: 7, vials_shipped: 3 });
    expect(totals.stored).toEqual(totals.summed);
  });

  it('refuses to ship more than is available, with a clear message, and changes nothing', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    await createVialRecord(t.db, { patient, type: 'added', quantity: 2 });
    const res = await addRecord(w.admin, {
      user: patient.id,
      type: 'shipped',
      quantity: 5,
      date: '2026-05-03',
      tracking_id: 'T1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cannot ship 5 vials: only 2 available.');
    expect(res.json().errors).toHaveProperty('quantity');
    const totals = await totalsOf(patient.id);
    expect(totals.stored).toEqual({ vials_available: 2, vials_shipped: 0 });
    expect(totals.summed).toEqual(totals.stored);
  });

  it('validates quantity (>= 0, whole), date, type and the tracking id of shipments', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const bad = [
      { type: 'added', quantity: -1, date: '2026-05-01' },
      { type: 'added', quantity: 1.5, date: '2026-05-01' },
      { type: 'added', quantity: 1, date: 'yesterday' },
      { type: 'lost', quantity: 1, date: '2026-05-01' },
      { type: 'shipped', quantity: 1, date: '2026-05-01' },
    ];
    for (const body of bad) {
      const res = await addRecord(w.admin, { user: patient.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const zero = await addRecord(w.admin, {
      user: patient.id,
      type: 'added',
      quantity: 0,
      date: '2026-05-01',
    });
    expect(zero.statusCode).toBe(201);
    expect(
      (await addRecord(w.admin, { user: w.hcA.id, type: 'added', quantity: 1, date: '2026-05-01' }))
        .statusCode,
    ).toBe(404);
  });

  it('an edit adjusts the totals by the difference, and never below 0', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const { record: added } = await createVialRecord(t.db, { patient, type: 'added', quantity: 10 });
    const { record: shipped } = await createVialRecord(t.db, { patient, type: 'shipped', quantity: 4 });

    const more = await editRecord(w.admin, added.id, { quantity: 12, note: 'recount' });
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({
      vials_available: 8,
      vials_shipped: 4,
      data: { quantity: 12, note: 'recount' },
    });

    const lessShipped = await editRecord(w.labUser1, shipped.id, { quantity: 1 });
    expect(lessShipped.json()).toMatchObject({ vials_available: 11, vials_shipped: 1 });

    // 12 added, 1 shipped: shipping 13 would over-draw; the stock without this record is 12.
    const tooMany = await editRecord(w.admin, shipped.id, { quantity: 13 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Cannot ship 13 vials: only 12 available.');

    // Lowering an 'added' record below what was shipped since would make available negative.
    await createVialRecord(t.db, { patient, type: 'shipped', quantity: 10 });
    const under = await editRecord(w.admin, added.id, { quantity: 5 });
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toMatch(/fewer than 0/);

    // Correcting the type: added → shipped needs a tracking id.
    const typeFix = await editRecord(w.admin, added.id, { type: 'shipped' });
    expect(typeFix.statusCode).toBe(400);
    expect(typeFix.json().errors).toHaveProperty('tracking_id');

    const totals = await totalsOf(patient.id);
    expect(totals.stored).toEqual({ vials_available: 1, vials_shipped: 11 });
    expect(totals.summed).toEqual(totals.stored);
    expect((await editRecord(w.admin, 99_999_999, { quantity: 1 })).statusCode).toBe(404);
  });
});

describe('concurrent vial writes', () => {
  it("20 parallel 'added' records of 1 end with exactly +20", async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const token = await tokenFor(t.app, w.labUser1);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addRecord(token, {
          user: patient.id,
          type: 'added',
          quantity: 1,
          date: '2026-06-01',
          note: `batch ${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const totals = await totalsOf(patient.id);
    expect(totals.stored).toEqual({ vials_available: 20, vials_shipped: 0 });
    expect(totals.summed).toEqual(totals.stored);
  });

  it('parallel shipments never drive available below 0', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    await createVialRecord(t.db, { patient, type: 'added', quantity: 10 });
    const token = await tokenFor(t.app, w.admin);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        addRecord(token, {
          user: patient.id,
          type: 'shipped',
          quantity: 1,
          date: '2026-06-02',
          tracking_id: `P${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(15);
    const totals = await totalsOf(patient.id);
    expect(totals.stored).toEqual({ vials_available: 0, vials_shipped: 10 });
    expect(totals.summed).toEqual(totals.stored);
  });

  it('parallel edits of one record and new records keep totals equal to the records', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const { record } = await createVialRecord(t.db, { patient, type: 'added', quantity: 5 });
    const token = await tokenFor(t.app, w.admin);
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => editRecord(w.admin, record.id, { quantity: 5 + i })),
      ...Array.from({ length: 8 }, () =>
        addRecord(token, { user: patient.id, type: 'added', quantity: 2, date: '2026-06-03' }),
      ),
    ]);
    const totals = await totalsOf(patient.id);
    expect(totals.summed).toEqual(totals.stored);
  });
});

describe('who reads and writes vials', () => {
  it('the patient reads its own history (paged, newest first) but cannot write or read another', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    for (let day = 1; day <= 7; day++) {
      await createVialRecord(t.db, { patient, type: 'added', quantity: day, date: `2026-07-0${day}` });
    }
    const page = await history(patient, patient.id);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ vials_available: 28, vials_shipped: 0, count: 7, can_edit: false });
    expect(body.vials_history).toHaveLength(5);
    expect(body.vials_history[0].date).toBe('2026-07-07');
    const next = (await history(patient, patient.id, '?limit=5&offset=5')).json();
    expect(next.vials_history.map((r: { date: string }) => r.date)).toEqual(['2026-07-02', '2026-07-01']);

    expect((await history(patient, w.patientA1.id)).statusCode).toBe(403);
    const write = await addRecord(patient, {
      user: patient.id,
      type: 'added',
      quantity: 1,
      date: '2026-07-08',
    });
    expect(write.statusCode).toBe(403);
  });

  it('a lab writes for patients of its lab only; HCs, reps and staff read only', async () => {
    const ours = await createPatient(t.db, { harvestCenter: w.hcA });
    const theirs = await createPatient(t.db, { harvestCenter: w.hcB });
    const body = (p: { id: number }) => ({ user: p.id, type: 'added', quantity: 1, date: '2026-08-01' });

    expect((await addRecord(w.labAccess1, body(ours))).statusCode).toBe(201);
    const foreign = await addRecord(w.labUser1, body(theirs));
    expect(foreign.statusCode).toBe(403);
    expect((await addRecord(w.labUser2, body(theirs))).statusCode).toBe(201);
    for (const who of [w.hcA, w.repA, w.managerA, w.staffA, w.rhcA]) {
      expect((await addRecord(who, body(ours))).statusCode).toBe(403);
    }

    const { record } = await createVialRecord(t.db, { patient: theirs, type: 'added', quantity: 3 });
    expect((await editRecord(w.labUser1, record.id, { quantity: 4 })).statusCode).toBe(403);
    expect((await editRecord(w.hcB, record.id, { quantity: 4 })).statusCode).toBe(403);
    expect((await editRecord(w.labUser2, record.id, { quantity: 4 })).statusCode).toBe(200);

    const hcRead = await history(w.hcA, ours.id);
    expect(hcRead.statusCode).toBe(200);
    expect(hcRead.json().can_edit).toBe(false);
    expect((await history(w.hcA, theirs.id)).statusCode).toBe(403);
    expect((await history(w.labUser1, ours.id)).json().can_edit).toBe(true);
    expect((await history(w.repB, ours.id)).statusCode).toBe(403);
  });
});
