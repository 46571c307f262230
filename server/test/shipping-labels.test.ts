import { PRODUCT } from '@portal/shared/products';
import {
  SHIPPING_LABEL_TEXTS,
  type TLabelRequest,
  type TLabelRequestBody,
} from '@portal/shared/shipping-labels';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/platform.ts';
import { createPatient } from '../src/seed/patient-factories.ts';
import { createTransaction } from '../src/seed/transaction-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { createSideDocuments, TINY_PDF } from './helpers/document-world.ts';
import { multipartBody, sentMailSince, withTamperedSignature } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

type Who = Parameters<typeof injectAs>[1];

function requestBody(center: { id: number }, patientIds: string, extra: Partial<TLabelRequestBody> = {}) {
  return {
    harvest_center: center.id,
    harvest_center_name: 'Alpha Harvest',
    harvest_center_email: 'shipping@alpha.test',
    harvest_center_representative: 'Rita Rep',
    patients_ids: patientIds,
    address1: '1 Main St',
    city: 'Austin',
    state_desc: 'Texas',
    country_desc: 'United States',
    zip_code: '73301',
    ...extra,
  } satisfies TLabelRequestBody;
}
const request = (who: Who, payload: object) =>
  injectAs(t.app, who, { method: 'POST', url: '/api/v1/fedex-requests/', payload });
const adminList = (who: Who, query = '') =>
  injectAs(t.app, who, { method: 'GET', url: `/api/admin/fedex-requests/${query}` });
const stageLabel = (who: Who, content: Uint8Array = TINY_PDF) => {
  const body = multipartBody({}, { filename: 'label.pdf', content });
  return injectAs(t.app, who, {
    method: 'POST',
    url: '/api/v1/fedex-requests/process-file/',
    payload: body.payload,
    headers: body.headers,
  });
};
const history = async (who: Who, centerId: number) =>
  (
    await injectAs(t.app, who, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${centerId}/transactions-history/processing-fee/`,
    })
  ).json().results as {
    id: number;
    fedex_request: { pdf_file: string | null; tracking_number: string } | null;
  }[];

/** A processing-fee sale of hcA for a new patient of hcA, with nothing pending. */
async function paidPatientOfA() {
  const patient = await createPatient(t.db, { harvestCenter: w.hcA, firstName: 'Lena', lastName: 'Label' });
  const transaction = await createTransaction(t.db, { buyer: w.hcA, patient });
  return { patient, transaction };
}

describe('label requests by centers', () => {
  it('an HC requests a label for its transaction; the row then reads Requested, Pending until a label exists', async () => {
    const { patient, transaction } = await paidPatientOfA();
    const response = await request(
      w.hcA,
      requestBody(w.hcA, String(patient.id), { transaction_id: transaction.id, doctor_name: 'Dr. Doe' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created: TLabelRequest = response.json().data;
    expect(response.json().message).toBe(SHIPPING_LABEL_TEXTS.requested);
    expect(created).toMatchObject({
      harvest_center: w.hcA.id,
      transaction_id: transaction.id,
      hc_desc: [{ id: w.hcA.id, company: 'Alpha Harvest' }],
      patients: [{ id: patient.id, first_name: 'Lena', last_name: 'Label' }],
      patients_ids: String(patient.id),
      pdf_file: null,
      notification_sent: false,
    });
    expect(created.label_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = (await history(w.hcA, w.hcA.id)).find((r) => r.id === transaction.id);
    expect(row?.fedex_request).toMatchObject({ pdf_file: null, tracking_number: '' });

    const again = await request(
      w.hcA,
      requestBody(w.hcA, String(patient.id), { transaction_id: transaction.id }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SHIPPING_LABEL_TEXTS.alreadyRequested);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'shipping_label.requested'));
    expect(audit.targetUserId).toBe(w.hcA.id);
  });

  it('needs a patient; Other stands alone and needs a name', async () => {
    const none = await request(w.hcA, requestBody(w.hcA, ''));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.patients_ids).toBe(SHIPPING_LABEL_TEXTS.selectPatients);
    const unnamed = await request(w.hcA, requestBody(w.hcA, '0'));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors.other_patient_name).toBe(SHIPPING_LABEL_TEXTS.otherNameRequired);
    const mixed = await request(
      w.hcA,
      requestBody(w.hcA, `0,${w.patientA1.id}`, { other_patient_name: 'X' }),
    );
    expect(mixed.statusCode).toBe(400);
    const other = await request(w.hcA, requestBody(w.hcA, '0', { other_patient_name: 'Walk-in Patient' }));
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data).toMatchObject({
      patients: [],
      patients_ids: '0',
      other_patient_name: 'Walk-in Patient',
    });
  });

  it('is blocked while one of the patients has a Pending document', async () => {
    const { patient, transaction } = await paidPatientOfA();
    await createSideDocuments(t.db, t.app.storage, { harvestCenter: w.hcA, patient });
    const response = await request(
      w.hcA,
      requestBody(w.hcA, String(patient.id), { transaction_id: transaction.id }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SHIPPING_LABEL_TEXTS.actionPending);
  });

  it("refuses another center's patients, transactions and name, and accounts that are not centers", async () => {
    const foreignPatient = await request(w.hcA, requestBody(w.hcA, String(w.patientB1.id)));
    expect(foreignPatient.statusCode).toBe(400);
    expect(foreignPatient.json().message).toBe(SHIPPING_LABEL_TEXTS.notOwnPatient);
    const sale = await createTransaction(t.db, { buyer: w.hcB, patient: w.patientB1 });
    const foreignSale = await request(
      w.hcA,
      requestBody(w.hcA, String(w.patientA1.id), { transaction_id: sale.id }),
    );
    expect(foreignSale.statusCode).toBe(403);
    const forB = await request(w.hcA, requestBody(w.hcB, String(w.patientB1.id)));
    expect(forB.statusCode).toBe(403);
    const kit = await createTransaction(t.db, { buyer: w.hcA, productId: PRODUCT.harvestingKit });
    const notFee = await request(
      w.hcA,
      requestBody(w.hcA, String(w.patientA1.id), { transaction_id: kit.id }),
    );
    expect(notFee.statusCode).toBe(400);
    for (const who of [w.patientA1, w.repA, w.labUser1]) {
      expect((await request(who, requestBody(w.hcA, String(w.patientA1.id)))).statusCode).toBe(403);
    }
  });

  it("HC staff read what their center's label screen shows without 'Access to this HC' (issue 42)", async () => {
    // The screen's reads: the processing-fee transactions, the patient picker, the saved locations.
    const reads = (center: { id: number }) => [
      `/api/v1/harvest-centers/${center.id}/transactions-history/processing-fee/`,
      `/api/v1/harvest-centers/${center.id}/patientList/`,
      `/api/v1/locations/user/${center.id}/`,
    ];
    for (const url of reads(w.hcA)) {
      const answer = await injectAs(t.app, w.staffA, { method: 'GET', url });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
    for (const url of reads(w.hcB)) {
      const answer = await injectAs(t.app, w.staffA, { method: 'GET', url });
      expect(answer.statusCode, url).toBe(403);
    }
  });

  it('HC staff request for their center; an RHC for the patients it referred', async () => {
    const byStaff = await request(w.staffA, requestBody(w.hcA, String(w.patientA1.id)));
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    const staffForB = await request(w.staffA, requestBody(w.hcB, String(w.patientB1.id)));
    expect(staffForB.statusCode).toBe(403);

    const sale = await createTransaction(t.db, {
      buyer: w.rhcA,
      harvestCenter: w.hcA,
      referralCenter: w.rhcA,
      patient: w.patientA2,
    });
    const byRhc = await request(
      w.rhcA,
      requestBody(w.rhcA, String(w.patientA2.id), { transaction_id: sale.id }),
    );
    expect(byRhc.statusCode, byRhc.body).toBe(201);
    const notReferred = await request(w.rhcA, requestBody(w.rhcA, String(w.patientA1.id)));
    expect(notReferred.statusCode).toBe(400);
    const rhcRows = (
      await injectAs(t.app, w.rhcA, {
        method: 'GET',
        url: `/api/v1/rhc-association/${w.rhcA.id}/transactions-history/processing-fee/`,
      })
    ).json().results;
    expect(rhcRows.find((r: { id: number }) => r.id === sale.id).fedex_request).not.toBeNull();
  });
});

describe('labels by admins', () => {
  it('lists requests newest first, searched and paged in SQL, for admins only', async () => {
    const patient = await createPatient(t.db, {
      harvestCenter: w.hcA,
      firstName: 'Quincy',
      lastName: 'Zebra',
    });
    await request(w.hcA, requestBody(w.hcA, String(patient.id)));
    const all = await adminList(w.admin, '?limit=100');
    expect(all.statusCode).toBe(200);
    const ids = all.json().results.map((r: TLabelRequest) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byPatient = (await adminList(w.admin, '?search=zebra')).json();
    expect(byPatient.results).toHaveLength(1);
    expect(byPatient.results[0].patients[0].id).toBe(patient.id);
    const page = (await adminList(w.admin, '?limit=1')).json();
    expect(page.results).toHaveLength(1);
    expect(page.count).toBe(all.json().count);
    for (const who of [w.hcA, w.staffA, w.repA]) expect((await adminList(who)).statusCode).toBe(403);
  });

  it('adds tracking and a label checked by its bytes; the center reads it, nobody else does', async () => {
    const { patient, transaction } = await paidPatientOfA();
    const created: TLabelRequest = (
      await request(w.hcA, requestBody(w.hcA, String(patient.id), { transaction_id: transaction.id }))
    ).json().data;

    const notPdf = await stageLabel(w.admin, new TextEncoder().encode('<html>not a label</html>'));
    expect(notPdf.statusCode).toBe(400);
    expect((await stageLabel(w.hcA)).statusCode).toBe(403);
    const staged = await stageLabel(w.admin);
    expect(staged.statusCode, staged.body).toBe(200);

    const patch = (who: Who, payload: object) =>
      injectAs(t.app, who, { method: 'PATCH', url: `/api/v1/fedex-requests/${created.id}/`, payload });
    const tracking = {
      tracking_number: '7946 1234 5678',
      tracking_link: 'https://www.fedex.com/fedextrack/?trknbr=794612345678',
    };
    expect((await patch(w.hcA, { ...tracking, pdf_file: staged.json().filename })).statusCode).toBe(403);
    const badLink = await patch(w.admin, { ...tracking, tracking_link: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(400);
    const missing = await patch(w.admin, { tracking_number: '', tracking_link: '' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['tracking_link', 'tracking_number']);
    const someoneElses = await patch(w.admin, { ...tracking, pdf_file: `uploads/${w.hcA.id}/x.pdf` });
    expect(someoneElses.statusCode).toBe(400);

    const saved = await patch(w.admin, { ...tracking, pdf_file: staged.json().filename });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: created.id, message: SHIPPING_LABEL_TEXTS.labelAdded });
    const link: string = saved.json().data.pdf_file;
    expect(link).toMatch(/^\/media\/fedex-label\/[0-9a-f-]{36}\.pdf\?expires=\d+&signature=/);

    const row = (await history(w.hcA, w.hcA.id)).find((r) => r.id === transaction.id);
    expect(row?.fedex_request?.tracking_number).toBe('7946 1234 5678');
    expect(row?.fedex_request?.pdf_file).toMatch(/^\/media\/fedex-label\//);

    const bySignedLink = await t.app.inject({ method: 'GET', url: link });
    expect(bySignedLink.statusCode).toBe(200);
    expect(bySignedLink.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(bySignedLink.rawPayload).equals(Buffer.from(TINY_PDF))).toBe(true);
    const tampered = await t.app.inject({ method: 'GET', url: withTamperedSignature(link) });
    expect(tampered.statusCode).toBe(403);
    const path = link.split('?')[0];
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
    expect((await injectAs(t.app, w.hcA, { method: 'GET', url: path })).statusCode).toBe(200);
    expect((await injectAs(t.app, w.staffA, { method: 'GET', url: path })).statusCode).toBe(200);
    expect((await injectAs(t.app, w.hcB, { method: 'GET', url: path })).statusCode).toBe(403);
    expect((await injectAs(t.app, w.patientA1, { method: 'GET', url: path })).statusCode).toBe(403);
  });

  it('mails the label to the center once one exists, and marks the request notified', async () => {
    const { patient } = await paidPatientOfA();
    const created: TLabelRequest = (await request(w.hcA, requestBody(w.hcA, String(patient.id)))).json().data;
    const send = (who: Who) =>
      injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/fedex-requests/send-notification/',
        payload: { fedex_id: created.id },
      });
    const early = await send(w.admin);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(SHIPPING_LABEL_TEXTS.noLabelFile);
    expect((await send(w.hcA)).statusCode).toBe(403);

    const before = t.mail.sent.length;
    const staged = (await stageLabel(w.admin)).json().filename;
    const saveAndSend = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: `/api/v1/fedex-requests/update-sent-notification/${created.id}/`,
      payload: { tracking_number: '1111', tracking_link: 'https://fedex.test/1111', pdf_file: staged },
    });
    expect(saveAndSend.statusCode, saveAndSend.body).toBe(200);
    expect(saveAndSend.json().message).toBe(SHIPPING_LABEL_TEXTS.labelAddedAndSent);
    expect(saveAndSend.json().data.notification_sent).toBe(true);
    const [mail] = await sentMailSince(t.app, t.mail.sent, before);
    expect(mail.to).toBe('shipping@alpha.test');
    expect(mail.text).toContain('1111');
    // The label's day in the portal's one date format, not 'YYYY-MM-DD'.
    expect(mail.text).toMatch(/your shipment of \d{1,2} [A-Z][a-z]{2} \d{4} is attached/);
    expect(mail.attachments?.[0]).toMatchObject({ filename: `fedex-label-${created.id}.pdf` });
    expect(Buffer.from(mail.attachments?.[0].content as Buffer).equals(Buffer.from(TINY_PDF))).toBe(true);

    const resend = await send(w.admin);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ code: 'Success', data: { notification_sent: true } });
    expect(await sentMailSince(t.app, t.mail.sent, before + 1)).toHaveLength(1);
  });

  it('without a configured carrier, labels are added by hand only', async () => {
    const status = await injectAs(t.app, w.admin, { method: 'GET', url: '/api/v1/fedex-requests/carrier/' });
    expect(status.json()).toEqual({ enabled: false, name: '' });
    const created: TLabelRequest = (
      await request(w.hcA, requestBody(w.hcA, '0', { other_patient_name: 'No Carrier' }))
    ).json().data;
    const made = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: `/api/v1/fedex-requests/${created.id}/create-label/`,
    });
    expect(made.statusCode).toBe(409);
    expect(made.json().message).toBe(SHIPPING_LABEL_TEXTS.noCarrier);
  });
});
