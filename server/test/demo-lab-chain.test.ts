import { MEMBERSHIP } from '@portal/shared/memberships';
import { LAB_STAGES } from '@portal/shared/patients';
import { sumVialRecords } from '@portal/shared/vials';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { vialRecords } from '../src/db/schema/vials.ts';
import { accountColumns, selectAccounts } from '../src/modules/accounts/account-view.repository.ts';
import { seedDemoData } from '../src/seed/demo-seed.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Awaited<ReturnType<typeof seedDemoData>>;
beforeAll(async () => {
  t = await buildTestApp();
  demo = await t.db.transaction((tx) => seedDemoData(tx, 'demo-password'));
});
afterAll(() => t.close());

describe('demo data: the tissue-to-vial chain', () => {
  it('has ~30 patients across every lab stage', async () => {
    const res = await injectAs(t.app, demo.admin, {
      method: 'GET',
      url: '/api/v1/users/patient/list/?limit=500',
    });
    expect(res.json().count).toBeGreaterThanOrEqual(30);
    const stages = new Set(res.json().results.map((p: { lab_stage: string }) => p.lab_stage));
    expect([...stages].sort()).toEqual([...LAB_STAGES].sort());
  });

  it('keeps every patient’s vial totals equal to its records', async () => {
    const patients = await selectAccounts(t.db, accountColumns).where(
      eq(users.membershipId, MEMBERSHIP.patient),
    );
    const records = await t.db.select().from(vialRecords);
    let withVials = 0;
    for (const p of patients) {
      const own = records.filter((r) => r.userId === p.id);
      if (own.length > 0) withVials++;
      expect(sumVialRecords(own)).toEqual({
        vials_available: p.vialsAvailable,
        vials_shipped: p.vialsShipped,
      });
    }
    expect(withVials).toBeGreaterThan(3);
    const [patient] = patients.filter((p) => p.id === demo.patient.id);
    expect(patient.vialsAvailable).toBeGreaterThan(0);
  });

  it('gives the demo lab user HCs to drill into, with patients', async () => {
    const labs = (
      await injectAs(t.app, demo.labUser, { method: 'GET', url: '/api/v1/processing-labs/' })
    ).json();
    expect(labs.results).toEqual([expect.objectContaining({ id: demo.lab.id, harvest_centers_count: 2 })]);
    const hcs = (
      await injectAs(t.app, demo.labUser, {
        method: 'GET',
        url: `/api/v1/processing-labs/${demo.lab.id}/harvestcenters/`,
      })
    ).json();
    expect(hcs.count).toBe(2);
    const patients = (
      await injectAs(t.app, demo.labUser, {
        method: 'GET',
        url: `/api/v1/processing-labs/${demo.lab.id}/harvestcenter/${demo.hc.id}/patients/`,
      })
    ).json();
    expect(patients.count).toBeGreaterThan(5);
  });

  it('gives the demo staff member two associated HCs', async () => {
    const res = await injectAs(t.app, demo.staff, {
      method: 'GET',
      url: `/api/v1/hc-staff/${demo.staff.id}/hc-list/`,
    });
    expect(res.json().harvest_centers).toHaveLength(2);
  });
});
