import { DOCUMENT_TEXTS } from '@portal/shared/documents';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/documents.ts';
import type { UserRow } from '../src/seed/factories.ts';
import { createTwoSidedWorld, type TwoSidedWorld } from './helpers/access-world.ts';
import { TINY_PDF } from './helpers/document-world.ts';
import { drawnSignatureDataUrl, multipartBody, testCertificateEnv } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * Who sees and who changes documents, both ways (documents.policy.ts), the lists, and paper-signed
 * uploads. The world's documents (helpers/document-world.ts) are written straight into the tables:
 * per side a patient's pending request, a patient's completed agreement and the center's own
 * attestation.
 */

let t: TestApp;
let w: TwoSidedWorld;
let small: TestApp;
beforeAll(async () => {
  const env = await testCertificateEnv();
  t = await buildTestApp({ env });
  w = await createTwoSidedWorld(t.db, { storage: t.app.storage });
  // Uploads over 20 kB are refused by this one.
  small = await buildTestApp({ env: { ...env, UPLOAD_MAX_MB: String(20 / 1024) } });
});
afterAll(async () => {
  await t.close();
  await small.close();
});

const get = (who: UserRow, url: string) => injectAs(t.app, who, { method: 'GET', url });
/** POST upload/ for center A's patient, with staged file names by kind. */
const fileForPatientA = (who: UserRow, files: Record<string, string>) =>
  injectAs(t.app, who, {
    method: 'POST',
    url: '/api/v1/documents/upload/',
    payload: { name: 'Pat', harvest_center_id: w.A.harvestCenter.id, email: w.A.patient.email, ...files },
  });

describe("a patient's documents", () => {
  it('are seen by the patient, its HC, the HC staff, its lab and admins', async () => {
    for (const who of [
      w.A.patient,
      w.A.harvestCenter,
      w.A.hcStaff,
      w.A.labUser,
      w.A.labAccess,
      w.admin,
      w.superAdmin,
    ]) {
      const list = await get(who, `/api/v1/documents/list/${w.A.patient.id}/`);
      expect(list.statusCode, `${who.email}: ${list.body}`).toBe(200);
      expect(list.json()).toMatchObject({
        success: true,
        processing: { document_id: w.documents.A.pending.documentId, status: 'Pending' },
        storage: { document_id: w.documents.A.completed.documentId, status: 'Completed' },
        attestation: null,
      });
      expect(list.json().storage.file_url).toMatch(/^\/media\//);
    }
  });

  it('are not seen by another patient, another side, referral centers or sales roles', async () => {
    for (const who of [w.B.patient, w.B.harvestCenter, w.B.hcStaff, w.B.labUser]) {
      const list = await get(who, `/api/v1/documents/list/${w.A.patient.id}/`);
      expect([403, 404], who.email).toContain(list.statusCode);
    }
    // They see the patient elsewhere, but not its agreements.
    for (const who of [w.A.referralCenter, w.A.salesRep, w.A.salesManager, w.A.salesDistributor]) {
      expect((await get(who, `/api/v1/documents/list/${w.A.patient.id}/`)).statusCode, who.email).toBe(403);
      const file = await get(who, `/media/${w.documents.A.completed.documentId}.pdf`);
      expect(file.statusCode, who.email).toBe(403);
    }
    expect((await get(w.A.patient, `/api/v1/documents/list/${w.B.patient.id}/`)).statusCode).toBe(403);
    expect((await get(w.admin, '/api/v1/documents/list/999999/')).statusCode).toBe(404);
  });

  it("a center's own attestation: the center and admins only", async () => {
    const url = `/api/v1/documents/harvest-center/${w.A.harvestCenter.id}/attestation/`;
    for (const who of [w.A.harvestCenter, w.admin]) {
      const answer = await get(who, url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        success: true,
        document: { document_id: w.documents.A.attestation.documentId, patient_desc: null },
      });
      expect(answer.json().file).toMatch(/^\/media\//);
    }
    for (const who of [w.A.hcStaff, w.B.harvestCenter, w.A.patient]) {
      expect([403], who.email).toContain((await get(who, url)).statusCode);
    }
    for (const who of [w.A.hcStaff, w.A.patient, w.A.labUser]) {
      const file = await get(who, `/media/${w.documents.A.attestation.documentId}.pdf`);
      expect([403, 404], who.email).toContain(file.statusCode);
    }
  });
});

describe('lists', () => {
  it("GET /api/v1/harvest-centers/{id}/documentList/: the center's requests, for it, its staff and admins", async () => {
    for (const who of [w.A.harvestCenter, w.A.hcStaff, w.admin]) {
      const list = await get(who, `/api/v1/harvest-centers/${w.A.harvestCenter.id}/documentList/?limit=5`);
      expect(list.statusCode, list.body).toBe(200);
      const ids = (list.json().results as { document_id: string }[]).map((d) => d.document_id);
      expect(ids).toContain(w.documents.A.pending.documentId);
      expect(ids).not.toContain(w.documents.B.pending.documentId);
      // Its own attestation is not a patient's signature.
      expect(ids).not.toContain(w.documents.A.attestation.documentId);
    }
    expect(
      (await get(w.B.harvestCenter, `/api/v1/harvest-centers/${w.A.harvestCenter.id}/documentList/`))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(w.A.labUser, `/api/v1/harvest-centers/${w.A.harvestCenter.id}/documentList/`)).statusCode,
    ).toBe(403);
  });

  it('GET /api/admin/documents/: filtered in SQL by owner, status, kind and search', async () => {
    const list = async (query: string) => {
      const answer = await get(w.admin, `/api/admin/documents/?limit=100&${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as {
        count: number;
        results: { document_id: string; kind: string; status: string }[];
      };
    };
    const ids = (page: { results: { document_id: string }[] }) => page.results.map((d) => d.document_id);
    const patients = await list('owner=patients');
    expect(ids(patients)).toEqual(
      expect.arrayContaining([w.documents.A.pending.documentId, w.documents.B.completed.documentId]),
    );
    expect(ids(patients)).not.toContain(w.documents.A.attestation.documentId);
    expect(ids(await list('owner=harvest-centers'))).toEqual(
      expect.arrayContaining([w.documents.A.attestation.documentId, w.documents.B.attestation.documentId]),
    );
    const completed = await list('status=Completed&kind=storage');
    expect(completed.results.every((d) => d.status === 'Completed' && d.kind === 'storage')).toBe(true);
    expect(ids(await list(`search=${w.documents.B.pending.documentId.slice(2, 12)}`))).toEqual([
      w.documents.B.pending.documentId,
    ]);
    expect(ids(await list(`search=${encodeURIComponent(w.B.patient.email)}`))).toEqual(
      expect.arrayContaining([w.documents.B.pending.documentId, w.documents.B.completed.documentId]),
    );
    expect((await list('search=%25_nobody_%25')).count).toBe(0);
    expect((await get(w.A.harvestCenter, '/api/admin/documents/')).statusCode).toBe(403);
  });
});

describe('sending and managing requests', () => {
  it('only for the own center (or by an admin), and the patient must be that center’s', async () => {
    const body = (hc: UserRow, patient?: UserRow) => ({
      harvest_center_id: hc.id,
      name: 'Someone',
      email: 'someone@example.test',
      ...(patient ? { patient_id: patient.id } : {}),
    });
    const send = (who: UserRow, payload: object) =>
      injectAs(t.app, who, { method: 'POST', url: '/api/v1/documents/send/', payload });
    expect((await send(w.A.harvestCenter, body(w.B.harvestCenter))).statusCode).toBe(403);
    expect((await send(w.A.harvestCenter, body(w.A.harvestCenter, w.B.patient))).statusCode).toBe(400);
    expect((await send(w.A.hcStaff, body(w.A.harvestCenter))).statusCode).toBe(403);
    expect((await send(w.A.patient, body(w.A.harvestCenter))).statusCode).toBe(403);
    const byAdmin = await send(w.admin, body(w.B.harvestCenter, w.B.patient));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ code: 'success', message: DOCUMENT_TEXTS.sent });
    // Found by e-mail among the center's patients when no patient is picked.
    const byEmail = await send(w.A.harvestCenter, {
      ...body(w.A.harvestCenter),
      email: w.A.patient.email.toUpperCase(),
    });
    expect(byEmail.json().documents[0].patient_desc).toMatchObject({ id: w.A.patient.id });
    const missing = await send(w.A.harvestCenter, {
      harvest_center_id: w.A.harvestCenter.id,
      email: 'x@example.test',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('name');
  });

  it('void, rename and delete: the requesting center and admins; a signed document stays', async () => {
    const sent = await injectAs(t.app, w.A.harvestCenter, {
      method: 'POST',
      url: '/api/v1/documents/send/',
      payload: { harvest_center_id: w.A.harvestCenter.id, name: 'Void Me', email: 'void.me@example.test' },
    });
    const [first, second] = sent.json().documents as { id: number }[];
    const patch = (who: UserRow, id: number, payload: object) =>
      injectAs(t.app, who, { method: 'PATCH', url: `/api/v1/documents/${id}/`, payload });
    const remove = (who: UserRow, id: number) =>
      injectAs(t.app, who, { method: 'DELETE', url: `/api/v1/documents/${id}/` });
    expect([403, 404]).toContain((await patch(w.B.harvestCenter, first.id, { status: 'Voided' })).statusCode);
    expect((await patch(w.A.hcStaff, first.id, { status: 'Voided' })).statusCode).toBe(403);
    const renamed = await patch(w.A.harvestCenter, first.id, { name: 'Screening questionnaire' });
    expect(renamed.json()).toMatchObject({ name: 'Screening questionnaire', status: 'Pending' });
    expect((await patch(w.admin, first.id, { status: 'Voided' })).json().status).toBe('Voided');
    expect((await patch(w.A.harvestCenter, first.id, { status: 'Voided' })).statusCode).toBe(200);
    expect((await patch(w.A.harvestCenter, first.id, { name: 'Again' })).statusCode).toBe(409);
    // DELETE of a pending request cancels it; a signed one is a record.
    expect((await remove(w.A.harvestCenter, second.id)).json().message).toBe(
      'The signing request has been cancelled.',
    );
    const [row] = await t.db.select().from(documents).where(eq(documents.id, second.id));
    expect(row.status).toBe('Voided');
    expect((await remove(w.A.harvestCenter, w.documents.A.completed.id)).statusCode).toBe(409);
    expect((await patch(w.A.harvestCenter, w.documents.A.completed.id, { name: 'Other' })).statusCode).toBe(
      409,
    );
    expect((await patch(w.A.harvestCenter, w.documents.A.completed.id, {})).statusCode).toBe(400);
  });

  it('the signing dialog: the signer, the requesting center and admins', async () => {
    const link = (who: UserRow, docId: number | string) =>
      injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/documents/sign-link-patient/',
        payload: { docId },
      });
    const sent = await injectAs(t.app, w.A.harvestCenter, {
      method: 'POST',
      url: '/api/v1/documents/send/',
      payload: { harvest_center_id: w.A.harvestCenter.id, name: 'Pat', email: w.A.patient.email },
    });
    const pending = sent.json().documents[1] as { id: number; document_id: string };
    for (const who of [w.A.patient, w.A.harvestCenter, w.admin]) {
      const answer = await link(who, pending.id);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ success: true, documentId: pending.document_id });
    }
    for (const who of [w.A.hcStaff, w.A.labUser, w.B.patient, w.A.referralCenter]) {
      expect([403, 404], who.email).toContain((await link(who, pending.document_id)).statusCode);
    }
    expect((await link(w.A.patient, w.documents.A.completed.id)).statusCode).toBe(409);
  });

  it('patient-signed-document/: where the document stands, for those who see it', async () => {
    const ask = (who: UserRow, documentId: string) =>
      injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/documents/patient-signed-document/',
        payload: { documentId },
      });
    expect((await ask(w.A.patient, w.documents.A.completed.documentId)).json()).toEqual({
      success: true,
      status: 'Completed',
    });
    expect((await ask(w.B.patient, w.documents.A.completed.documentId)).statusCode).toBe(403);
    expect((await ask(w.A.patient, 'no-such-document')).statusCode).toBe(404);
    const status = await get(
      w.A.patient,
      `/api/v1/utilities/update-document-status/?documentId=${w.documents.A.pending.documentId}`,
    );
    expect(status.json()).toEqual({ success: true, updated: 0 });
  });
});

describe('paper-signed uploads', () => {
  const processFile = (app: TestApp, who: UserRow, content: Uint8Array, filename = 'signed.pdf') =>
    injectAs(app.app, who, {
      method: 'POST',
      url: '/api/v1/documents/process-file/',
      ...multipartBody({ filename }, { filename, content }),
    });

  it('stages a PDF under the caller and files it as a Completed, uploaded document', async () => {
    const staged = await processFile(t, w.A.harvestCenter, TINY_PDF);
    expect(staged.statusCode, staged.body).toBe(200);
    const key = staged.json().filename as string;
    expect(key.startsWith(`uploads/${w.A.harvestCenter.id}/`)).toBe(true);
    // Another user cannot file it.
    const stolen = await fileForPatientA(w.admin, { storage: key });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toHaveProperty('storage');
    const filed = await fileForPatientA(w.A.harvestCenter, { processing: key });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({
      code: 'success',
      message: DOCUMENT_TEXTS.uploaded,
      documents: [
        { kind: 'processing', status: 'Completed', source: 'uploaded', patient_desc: { id: w.A.patient.id } },
      ],
    });
    const uploaded = filed.json().documents[0];
    expect(await t.app.storage.exists(key)).toBe(false);
    // It replaced the pending processing request, and serves its file.
    const list = await get(w.A.patient, `/api/v1/documents/list/${w.A.patient.id}/`);
    expect(list.json().processing.document_id).toBe(uploaded.document_id);
    const file = await t.app.inject({ method: 'GET', url: uploaded.file_url });
    expect(file.rawPayload.equals(Buffer.from(TINY_PDF))).toBe(true);
    // Not sealed by the portal: the verification does not vouch for it.
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents/verify/',
      ...multipartBody({}, { filename: 'x.pdf', content: TINY_PDF }),
    });
    expect(verify.json().valid).toBe(false);
    // Filed once: the staged key is gone.
    const again = await fileForPatientA(w.A.harvestCenter, { storage: key });
    expect(again.statusCode).toBe(400);
    // An upload by mistake is deleted with its file.
    const removed = await injectAs(t.app, w.A.harvestCenter, {
      method: 'DELETE',
      url: `/api/v1/documents/${uploaded.id}/`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: uploaded.file_url })).statusCode).toBe(404);
  });

  it('refuses a file that is not a PDF whatever its name, and one over the size limit', async () => {
    const png = Buffer.from(drawnSignatureDataUrl().split(',')[1], 'base64');
    const notPdf = await processFile(t, w.A.harvestCenter, png, 'looks-like.pdf');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('Please choose a PDF file.');
    const world = await createTwoSidedWorld(small.db, { storage: small.app.storage });
    const big = Buffer.concat([Buffer.from(TINY_PDF), Buffer.alloc(40 * 1024, 0x20)]);
    const tooLarge = await processFile(small, world.A.harvestCenter, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toMatch(/^The file is larger than/);
    const json = await injectAs(t.app, w.A.harvestCenter, {
      method: 'POST',
      url: '/api/v1/documents/process-file/',
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect((await processFile(t, w.A.patient, TINY_PDF)).statusCode).toBe(403);
  });
});
