import { PRODUCT } from '@portal/shared/products';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/platform.ts';
import { createTransaction } from '../src/seed/transaction-factories.ts';
import { createTwoSidedWorld, type TwoSidedWorld } from './helpers/access-world.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

/**
 * Lists that show patients are on the audit trail as the patient form is (issue 32, finding 18;
 * decision 028): one row a listing, with who listed, acting as whom, and which patients; the patient
 * sees it under "Who saw my record".
 */

let t: TestApp;
let w: TwoSidedWorld;
let transactionId: number;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createTwoSidedWorld(t.db, { storage: t.app.storage });
  // Side A's patient on a processing fee its HC paid, referred by its RHC.
  const transaction = await createTransaction(t.db, {
    buyer: w.A.harvestCenter,
    harvestCenter: w.A.harvestCenter,
    referralCenter: w.A.referralCenter,
    patient: w.A.patient,
    productId: PRODUCT.processingFee,
  });
  transactionId = transaction.id;
  // And side B's, so the admins' lists show a patient of each side.
  await createTransaction(t.db, {
    buyer: w.B.harvestCenter,
    harvestCenter: w.B.harvestCenter,
    patient: w.B.patient,
    productId: PRODUCT.processingFee,
  });
}, 60_000);
afterAll(() => t.close());

type Listing = {
  who: () => { id: number };
  url: () => string;
  action: string;
  /** Admins list both sides. */
  bothSides?: boolean;
};

const A = () => w.A;
const LISTINGS: Record<string, Listing> = {
  "an HC's patients": {
    who: () => A().harvestCenter,
    url: () => `/api/v1/harvest-centers/${A().harvestCenter.id}/patients/`,
    action: 'patient.listed',
  },
  "an HC's referral patients": {
    who: () => A().harvestCenter,
    url: () => `/api/v1/harvest-centers/${A().harvestCenter.id}/referral-patients/`,
    action: 'patient.listed',
  },
  "an HC's patient options": {
    who: () => A().harvestCenter,
    url: () => `/api/v1/harvest-centers/${A().harvestCenter.id}/patientList/`,
    action: 'patient.listed',
  },
  "an RHC's patient options": {
    who: () => A().referralCenter,
    url: () => `/api/v1/harvest-centers/${A().referralCenter.id}/referral/patientList/`,
    action: 'patient.listed',
  },
  "an RHC's patients": {
    who: () => A().referralCenter,
    url: () => `/api/v1/harvest-centers/referral/${A().referralCenter.id}/patients/`,
    action: 'patient.listed',
  },
  "a lab's view of an HC's patients": {
    who: () => A().labUser,
    url: () => `/api/v1/processing-labs/${A().lab.id}/harvestcenter/${A().harvestCenter.id}/patients/`,
    action: 'patient.listed',
  },
  "a sales manager's team patients": {
    who: () => A().salesManager,
    url: () => `/api/v1/sales-managers/${A().salesManager.id}/patients/`,
    action: 'patient.listed',
  },
  "a sales distributor's team patients": {
    who: () => A().salesDistributor,
    url: () => `/api/v1/sales-distributors/${A().salesDistributor.id}/patients/`,
    action: 'patient.listed',
  },
  'the patients list': {
    who: () => A().salesRep,
    url: () => '/api/v1/users/patient/list/',
    action: 'patient.listed',
  },
  'the vial history': {
    who: () => A().labUser,
    url: () => `/api/v1/vials-history/user/${A().patient.id}/`,
    action: 'vial.listed',
  },
  "a patient's documents": {
    who: () => A().harvestCenter,
    url: () => `/api/v1/documents/list/${A().patient.id}/`,
    action: 'document.listed',
  },
  "an HC's document list": {
    who: () => A().harvestCenter,
    url: () => `/api/v1/harvest-centers/${A().harvestCenter.id}/documentList/`,
    action: 'document.listed',
  },
  "the admins' document list": {
    who: () => w.admin,
    url: () => '/api/admin/documents/?owner=patients',
    action: 'document.listed',
    bothSides: true,
  },
  "the admins' users list": {
    who: () => w.admin,
    url: () => '/api/admin/users/?limit=500',
    action: 'patient.listed',
    bothSides: true,
  },
  "an HC's transactions (receipts)": {
    who: () => A().harvestCenter,
    url: () => `/api/v1/harvest-centers/${A().harvestCenter.id}/transactions-history/`,
    action: 'transaction.listed',
  },
  "an HC's processing fees": {
    who: () => A().harvestCenter,
    url: () => `/api/v1/harvest-centers/${A().harvestCenter.id}/transactions-history/processing-fee/`,
    action: 'transaction.listed',
  },
  "an RHC's processing fees": {
    who: () => A().referralCenter,
    url: () => `/api/v1/rhc-association/${A().referralCenter.id}/transactions-history/processing-fee/`,
    action: 'transaction.listed',
  },
  // Issue 41: the sales reports and the admins' list show each sale's patient (patient_desc).
  "a sales rep's transactions": {
    who: () => A().salesRep,
    url: () => `/api/v1/sales-rep/${A().salesRep.id}/my-transactions/`,
    action: 'transaction.listed',
  },
  "a sales manager's team transactions": {
    who: () => A().salesManager,
    url: () => `/api/v1/sales-rep/${A().salesManager.id}/team-transactions/`,
    action: 'transaction.listed',
  },
  "a sales distributor's team transactions": {
    who: () => A().salesDistributor,
    url: () => `/api/v1/sales-distributors/${A().salesDistributor.id}/team-transactions/`,
    action: 'transaction.listed',
  },
  "the admins' transactions": {
    who: () => w.admin,
    url: () => '/api/admin/transactions/?limit=500',
    action: 'transaction.listed',
    bothSides: true,
  },
  "one transaction, with its patient's name": {
    who: () => A().salesRep,
    url: () => `/api/v1/transactions/${transactionId}/`,
    action: 'transaction.listed',
  },
  "the admins' patient options": {
    who: () => w.admin,
    url: () => '/api/v1/options/patients/?limit=500',
    action: 'patient.listed',
    bothSides: true,
  },
};

async function newestRowSince(id: number, action: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, id), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

async function lastAuditId() {
  const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}

describe('listings of patients on the audit trail', () => {
  for (const [name, listing] of Object.entries(LISTINGS)) {
    it(`records ${name}: who listed, and which patients`, async () => {
      const before = await lastAuditId();
      const res = await injectAs(t.app, listing.who(), { method: 'GET', url: listing.url() });
      expect(res.statusCode, res.body).toBe(200);
      const row = await newestRowSince(before, listing.action);
      expect(row, `no ${listing.action} row`).toBeDefined();
      expect(row).toMatchObject({ actorUserId: listing.who().id, actingAsUserId: null, ip: '127.0.0.1' });
      const listed = (row.detail as { patient_ids?: number[] }).patient_ids;
      expect(listed).toContain(w.A.patient.id);
      if (listing.bothSides) expect(listed).toContain(w.B.patient.id);
      else expect(listed).not.toContain(w.B.patient.id);
      // One row a listing.
      const rows = await t.db.select({ id: auditLog.id }).from(auditLog).where(gt(auditLog.id, before));
      expect(rows).toHaveLength(1);
    });
  }

  it('records the receipt of a patient’s transaction as a read of that patient', async () => {
    const before = await lastAuditId();
    const res = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: `/api/v1/transactions/${transactionId}/receipt/`,
    });
    expect(res.statusCode).toBe(200);
    expect(await newestRowSince(before, 'receipt.viewed')).toMatchObject({
      actorUserId: w.A.harvestCenter.id,
      patientId: w.A.patient.id,
      objectType: 'transaction',
      objectId: String(transactionId),
    });
  });

  it('names the staff member and the HC it acts as', async () => {
    const staffToken = await tokenFor(t.app, w.A.hcStaff);
    const access = await injectAs(t.app, staffToken, {
      method: 'POST',
      url: '/api/v1/hc-staff/access/',
      payload: { harvest_center_id: w.A.harvestCenter.id },
    });
    expect(access.statusCode, access.body).toBe(200);
    const before = await lastAuditId();
    const res = await injectAs(t.app, access.json().token, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${w.A.harvestCenter.id}/patients/`,
    });
    expect(res.statusCode).toBe(200);
    expect(await newestRowSince(before, 'patient.listed')).toMatchObject({
      actorUserId: w.A.hcStaff.id,
      actingAsUserId: w.A.harvestCenter.id,
    });
  });

  it('writes nothing for a listing that shows no patient, and nothing for a refused one', async () => {
    const before = await lastAuditId();
    const empty = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${w.A.harvestCenter.id}/patients/?search=nobody-is-called-this`,
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().count).toBe(0);
    const refused = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${w.B.harvestCenter.id}/patients/`,
    });
    expect(refused.statusCode).toBe(403);
    expect(await lastAuditId()).toBe(before);
  });

  it("records the admins' users CSV: the patients of each part sent, beside the export's own row", async () => {
    const before = await lastAuditId();
    const res = await injectAs(t.app, w.admin, { method: 'GET', url: '/api/admin/users/export-csv/' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(auditLog).where(gt(auditLog.id, before));
    expect(rows.map((row) => row.action).sort()).toEqual(['patient.listed', 'users.exported']);
    const listing = rows.find((row) => row.action === 'patient.listed');
    if (!listing) throw new Error('no patient.listed row');
    expect(listing).toMatchObject({
      actorUserId: w.admin.id,
      objectType: 'list',
      objectId: '/api/admin/users/export-csv/',
    });
    const listed = (listing.detail as { patient_ids: number[] }).patient_ids;
    expect(listed).toEqual(expect.arrayContaining([w.A.patient.id, w.B.patient.id]));
    // Patients only: the centers, reps and admins in the file are not patients.
    expect(listed).not.toContain(w.A.harvestCenter.id);
  });

  it("records the transaction exports: a rep's CSV names its side's patient, the admins' XLSX both sides'", async () => {
    const exports = [
      [A().salesRep, '/api/v1/transactions/export-csv/', false],
      [w.admin, '/api/v1/transactions/export-xlsx/', true],
    ] as const;
    for (const [who, url, bothSides] of exports) {
      const before = await lastAuditId();
      const res = await injectAs(t.app, who, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await t.db.select().from(auditLog).where(gt(auditLog.id, before));
      expect(rows.map((row) => row.action).sort()).toEqual(['transaction.listed', 'transactions.exported']);
      const listing = rows.find((row) => row.action === 'transaction.listed');
      if (!listing) throw new Error('no transaction.listed row');
      expect(listing).toMatchObject({ actorUserId: who.id, objectType: 'list', objectId: url });
      const listed = (listing.detail as { patient_ids: number[] }).patient_ids;
      expect(listed).toContain(w.A.patient.id);
      if (bothSides) expect(listed).toContain(w.B.patient.id);
      else expect(listed).not.toContain(w.B.patient.id);
    }
  });

  it('shows the patient the sales team\'s and the admins\' reads of it, under "Who saw my record"', async () => {
    const reads = [
      [A().salesRep, `/api/v1/sales-rep/${A().salesRep.id}/my-transactions/`],
      [A().salesManager, `/api/v1/sales-rep/${A().salesManager.id}/team-transactions/`],
      [w.admin, '/api/admin/transactions/?limit=500'],
      [w.admin, '/api/v1/options/patients/?limit=500'],
      [w.admin, '/api/admin/users/export-csv/'],
    ] as const;
    for (const [who, url] of reads) {
      expect((await injectAs(t.app, who, { method: 'GET', url })).statusCode).toBe(200);
    }
    const log = await injectAs(t.app, w.A.patient, {
      method: 'GET',
      url: `/api/v1/patients/${w.A.patient.id}/access-log/?limit=200`,
    });
    expect(log.statusCode).toBe(200);
    const results = log.json().results as { what: string; who: string; role: string }[];
    const nameOf = (user: { firstName: string; lastName: string }) =>
      `${user.firstName} ${user.lastName}`.trim();
    expect(results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          who: nameOf(A().salesRep),
          role: 'Sales Rep',
          what: 'Your receipts in a list',
        }),
        expect.objectContaining({ who: nameOf(A().salesManager), what: 'Your receipts in a list' }),
        expect.objectContaining({ who: nameOf(w.admin), what: 'Your receipts in a list' }),
        expect.objectContaining({ who: nameOf(w.admin), what: 'Your name in a list of patients' }),
      ]),
    );
  });

  it('shows the patient that its HC listed it, under "Who saw my record"', async () => {
    const log = await injectAs(t.app, w.A.patient, {
      method: 'GET',
      url: `/api/v1/patients/${w.A.patient.id}/access-log/?limit=100`,
    });
    expect(log.statusCode).toBe(200);
    const results = log.json().results as { what: string; who: string; role: string }[];
    const hcName = `${w.A.harvestCenter.firstName} ${w.A.harvestCenter.lastName}`.trim();
    expect(results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          who: hcName,
          role: 'Harvest Center',
          what: 'Your name in a list of patients',
        }),
        expect.objectContaining({ who: hcName, what: 'Your documents in a list' }),
        expect.objectContaining({ who: hcName, what: 'Your receipts in a list' }),
        expect.objectContaining({ what: 'Your vial history' }),
        expect.objectContaining({ who: hcName, what: 'A receipt' }),
      ]),
    );
    // Patient B was in none of side A's lists: its page names nobody of side A.
    const other = await injectAs(t.app, w.B.patient, {
      method: 'GET',
      url: `/api/v1/patients/${w.B.patient.id}/access-log/?limit=100`,
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().results.filter((r: { who: string }) => r.who === hcName)).toEqual([]);
    // The admins' filter by patient finds the listings too.
    const filtered = await injectAs(t.app, w.admin, {
      method: 'GET',
      url: `/api/admin/audit-log/?patient=${w.A.patient.id}&action=patient.listed&limit=100`,
    });
    expect(filtered.json().count).toBeGreaterThanOrEqual(9);
  });
});
