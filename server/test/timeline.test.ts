import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/platform.ts';
import { verifySealedPdf } from '../src/pdf-signing/verify-pdf.ts';
import { createTransaction } from '../src/seed/transaction-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { createSideDocuments } from './helpers/document-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/** A patient's timeline (issue 16): each kind of event, for those who may read it and nobody else. */

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
  const patient = w.patientA1;
  // A label request first: none is taken while an agreement of the patient is pending.
  const label = await injectAs(t.app, w.hcA, {
    method: 'POST',
    url: '/api/v1/fedex-requests/',
    payload: {
      harvest_center: w.hcA.id,
      harvest_center_name: 'Alpha Harvest',
      harvest_center_email: 'shipping@alpha.test',
      harvest_center_representative: 'Rita Rep',
      patients_ids: String(patient.id),
      address1: '1 Main St',
      city: 'Austin',
      state_desc: 'Texas',
      country_desc: 'United States',
      zip_code: '73301',
    },
  });
  expect(label.statusCode, label.body).toBe(201);
  await createSideDocuments(t.db, t.app.storage, { harvestCenter: w.hcA, patient });
  await createTransaction(t.db, { buyer: w.hcA, patient });
  const patch = (body: object) =>
    injectAs(t.app, w.admin, { method: 'PATCH', url: `/api/v1/patients/${patient.id}/`, payload: body });
  expect((await patch({ date_adipose_shipped_to_lab: '2026-03-01' })).statusCode).toBe(200);
  expect((await patch({ date_adipose_received_by_lab: '2026-03-02' })).statusCode).toBe(200);
  const vials = await injectAs(t.app, w.labUser1, {
    method: 'POST',
    url: '/api/v1/vials-history/',
    payload: { user: patient.id, type: 'added', quantity: 4, date: '2026-03-05' },
  });
  expect(vials.statusCode, vials.body).toBe(201);
});
afterAll(() => t.close());

const timeline = (who: Parameters<typeof injectAs>[1], id: number) =>
  injectAs(t.app, who, { method: 'GET', url: `/api/v1/patients/${id}/timeline/` });

describe('GET /api/v1/patients/{id}/timeline/', () => {
  it('tells the story in time order: account, agreements, tissue, lab, vials, orders, changes and who made them', async () => {
    const res = await timeline(w.patientA1, w.patientA1.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.stage).toMatchObject({ key: 'processing', label: 'Your vials are being prepared' });
    const kinds = new Set(body.events.map((e: { kind: string }) => e.kind));
    for (const kind of ['account', 'document', 'tissue', 'lab', 'vials', 'order', 'label', 'change'])
      expect(kinds).toContain(kind);
    const titles = body.events.map((e: { title: string }) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Account created',
        'Tissue shipped to the lab',
        'Tissue received by the lab',
        '4 vials prepared',
      ]),
    );
    const signed = body.events.find((e: { title: string }) => e.title.startsWith('Agreement signed'));
    expect(signed.link).toMatch(/^\/media\/[\w-]+\.pdf$/);
    const change = body.events.find((e: { kind: string }) => e.kind === 'change');
    expect(change.who).toBe(`${w.admin.firstName} ${w.admin.lastName}`);
    const ats = body.events.map((e: { at: string }) => e.at);
    expect([...ats].sort()).toEqual(ats);
  });

  it('prints as a PDF sealed with the portal certificate: it verifies, and a changed copy does not', async () => {
    const res = await injectAs(t.app, w.hcA, {
      method: 'GET',
      url: `/api/v1/patients/${w.patientA1.id}/timeline/pdf/`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const printId = /filename="(custody-[\w-]+)\.pdf"/.exec(String(res.headers['content-disposition']))?.[1];
    expect(printId).toBeDefined();
    const certificate = await t.app.documents.seal.certificate();
    const bytes = new Uint8Array(res.rawPayload);
    expect(await verifySealedPdf(bytes, certificate)).toEqual({ valid: true, documentId: printId });
    const changed = new Uint8Array(bytes);
    const at = Buffer.from(bytes).indexOf('Chain of custody');
    changed[at > 0 ? at : 200] ^= 1;
    expect((await verifySealedPdf(changed, certificate)).valid).toBe(false);
    const [exported] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.timeline_exported'), eq(auditLog.patientId, w.patientA1.id)));
    expect(exported).toMatchObject({ actorUserId: w.hcA.id, objectId: printId });
    expect([403, 404]).toContain(
      (
        await injectAs(t.app, w.repA, {
          method: 'GET',
          url: `/api/v1/patients/${w.patientA1.id}/timeline/pdf/`,
        })
      ).statusCode,
    );
  });

  it('is for the patient, its HC and staff, its lab and admins; nobody else, not another patient', async () => {
    for (const reader of [w.patientA1, w.hcA, w.staffA, w.labUser1, w.admin]) {
      expect((await timeline(reader, w.patientA1.id)).statusCode, `reader ${reader.id}`).toBe(200);
    }
    for (const outsider of [w.patientA2, w.hcB, w.labUser2, w.repA, w.managerA, w.rhcA]) {
      expect([403, 404]).toContain((await timeline(outsider, w.patientA1.id)).statusCode);
    }
  });
});
