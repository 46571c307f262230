import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, signingLinks } from '../src/db/schema/documents.ts';
import {
  createBoldSignProvider,
  NO_PROVIDER_TEMPLATE_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
} from '../src/modules/documents/esign-provider.ts';
import {
  type BoldSignClient,
  BoldSignError,
  type BoldSignStatus,
} from '../src/pdf-signing/boldsign-client.ts';
import { createTwoSidedWorld, type TwoSidedWorld } from './helpers/access-world.ts';
import { multipartBody, sentMailSince, testCertificateEnv } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * The provider seam with BoldSign's adapter over a fake client (never the real service): requests
 * are sent from the admin's BoldSign template ids, the dialog gets BoldSign's embedded link, and
 * update-document-status/ records a completion (the downloaded file becomes the final PDF) or a
 * cancellation.
 */

/** BoldSign as the adapter sees it: documents by id, whose status a test moves. */
class FakeBoldSign implements BoldSignClient {
  readonly sent: { templateId: string; title: string; signerEmail: string; disableEmails?: boolean }[] = [];
  readonly links: { documentId: string; redirectUrl: string }[] = [];
  readonly status = new Map<string, BoldSignStatus>();
  down = false;
  signedPdf: Uint8Array = new Uint8Array();

  async sendFromTemplate(input: Parameters<BoldSignClient['sendFromTemplate']>[0]) {
    if (this.down) throw new BoldSignError('BoldSign answered 401', 401);
    this.sent.push(input);
    const documentId = `bs-${this.sent.length}`;
    this.status.set(documentId, 'Pending');
    return { documentId };
  }
  async getEmbeddedSignLink(input: Parameters<BoldSignClient['getEmbeddedSignLink']>[0]) {
    this.links.push(input);
    return { signLink: `https://app.boldsign.test/document/sign?documentId=${input.documentId}` };
  }
  async getStatus(documentId: string) {
    return this.status.get(documentId) ?? 'Pending';
  }
  async download() {
    return this.signedPdf;
  }
}

let t: TestApp;
let w: TwoSidedWorld;
const boldSign = new FakeBoldSign();
beforeAll(async () => {
  t = await buildTestApp({ env: await testCertificateEnv() });
  w = await createTwoSidedWorld(t.db, { storage: t.app.storage });
  t.app.documents.provider = createBoldSignProvider(boldSign);
  const signed = await PDFDocument.create();
  signed.addPage();
  boldSign.signedPdf = await signed.save();
});
afterAll(() => t.close());

const send = () =>
  injectAs(t.app, w.A.harvestCenter, {
    method: 'POST',
    url: '/api/v1/documents/send/',
    payload: { harvest_center_id: w.A.harvestCenter.id, name: 'Pat A', email: w.A.patient.email },
  });

async function addTemplate(kind: string, providerTemplateId: string) {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const answer = await injectAs(t.app, w.admin, {
    method: 'POST',
    url: '/api/admin/document-templates/',
    ...multipartBody(
      { kind, provider_template_id: providerTemplateId },
      { filename: `${kind}.pdf`, content: await pdf.save() },
    ),
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

describe('ESIGN_PROVIDER=boldsign', () => {
  it('needs a BoldSign template id for each kind', async () => {
    const refused = await send();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NO_PROVIDER_TEMPLATE_MESSAGE);
    expect(await t.db.select().from(documents).where(eq(documents.provider, 'boldsign'))).toHaveLength(0);
  });

  it('sends from the templates; BoldSign mails the signer, the portal does not', async () => {
    await addTemplate('attestation', 'tpl-attestation');
    await addTemplate('processing', 'tpl-processing');
    await addTemplate('storage', 'tpl-storage');
    const from = t.mail.sent.length;
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(boldSign.sent.map((s) => [s.templateId, s.signerEmail])).toEqual([
      ['tpl-attestation', w.A.patient.email],
      ['tpl-processing', w.A.patient.email],
      ['tpl-storage', w.A.patient.email],
    ]);
    expect(boldSign.sent.every((s) => s.disableEmails === false)).toBe(true);
    const rows = await t.db.select().from(documents).where(eq(documents.provider, 'boldsign'));
    expect(rows.map((r) => [r.providerDocumentId, r.status, r.originalKey, r.nextReminderAt])).toEqual([
      ['bs-1', 'Pending', null, null],
      ['bs-2', 'Pending', null, null],
      ['bs-3', 'Pending', null, null],
    ]);
    expect(await t.db.select().from(signingLinks)).toHaveLength(0);
    const mails = await sentMailSince(t.app, t.mail.sent, from);
    expect(mails.filter((m) => m.to === w.A.patient.email && m.subject.includes('sign'))).toHaveLength(0);
  });

  it("the signing dialog opens BoldSign's embedded page", async () => {
    const docs = (await send()).json().documents as { id: number; document_id: string }[];
    const dialog = await injectAs(t.app, w.A.patient, {
      method: 'POST',
      url: '/api/v1/documents/sign-link-patient/',
      payload: { docId: docs[0].id },
    });
    expect(dialog.statusCode, dialog.body).toBe(200);
    expect(dialog.json().signLink).toBe('https://app.boldsign.test/document/sign?documentId=bs-4');
    expect(boldSign.links.at(-1)).toMatchObject({
      documentId: 'bs-4',
      redirectUrl: `http://portal.test/patient-signed-completed-message?documentId=${docs[0].document_id}`,
    });
  });

  it('update-document-status/ records completions (with the file) and cancellations', async () => {
    boldSign.status.set('bs-4', 'Completed');
    boldSign.status.set('bs-5', 'Voided');
    const from = t.mail.sent.length;
    const refreshed = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: '/api/v1/utilities/update-document-status/',
    });
    expect(refreshed.json()).toEqual({ success: true, updated: 2 });
    const [completed] = await t.db.select().from(documents).where(eq(documents.providerDocumentId, 'bs-4'));
    const [voided] = await t.db.select().from(documents).where(eq(documents.providerDocumentId, 'bs-5'));
    expect(completed.status).toBe('Completed');
    expect(voided.status).toBe('Voided');
    expect(await t.app.storage.getBytes(completed.finalKey ?? '')).toEqual(boldSign.signedPdf);
    const mails = await sentMailSince(t.app, t.mail.sent, from);
    expect(mails.map((m) => m.to).sort()).toEqual([w.A.harvestCenter.email, w.A.patient.email].sort());
    // Nothing more to record: a second refresh changes nothing.
    const again = await injectAs(t.app, w.A.patient, {
      method: 'POST',
      url: '/api/v1/documents/patient-signed-document/',
      payload: { documentId: completed.documentId },
    });
    expect(again.json()).toEqual({ success: true, status: 'Completed' });
    const file = await injectAs(t.app, w.A.patient, {
      method: 'GET',
      url: `/media/${completed.documentId}.pdf`,
    });
    expect(file.statusCode).toBe(200);
    // The portal's reminders leave BoldSign's requests alone.
    await t.db
      .update(documents)
      .set({ nextReminderAt: new Date(0) })
      .where(eq(documents.provider, 'boldsign'));
    expect(await t.app.signingReminders.run()).toBe(0);
  });

  it('a BoldSign failure is a clear 502, and nothing is kept', async () => {
    const before = await t.db.select().from(documents);
    boldSign.down = true;
    const refused = await send();
    boldSign.down = false;
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(PROVIDER_UNAVAILABLE_MESSAGE);
    expect(await t.db.select().from(documents)).toHaveLength(before.length);
  });
});
