import { SIGNING_LINK_MESSAGES } from '@portal/shared/documents';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { documents, documentTemplates, signingCertificates } from '../src/db/schema/documents.ts';
import { SealKeys } from '../src/pdf-signing/seal-keys.ts';
import { pdfText } from '../src/pdf-signing/testing/pdf-fixtures.ts';
import { verifySealedPdf } from '../src/pdf-signing/verify-pdf.ts';
import type { UserRow } from '../src/seed/factories.ts';
import { createTwoSidedWorld, type TwoSidedWorld } from './helpers/access-world.ts';
import { TINY_PDF } from './helpers/document-world.ts';
import {
  linkOf,
  multipartBody,
  openSession,
  sentMailSince,
  sign,
  signingLinksIn,
  testCertificateEnv,
} from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * Attestations of harvest centers and what they become (templates), the HC sign-up's signing
 * (auth/boldsign/, answered by the built-in service), the admin's templates, and the seal
 * certificate generated and kept in the database.
 */

let t: TestApp;
let w: TwoSidedWorld;
beforeAll(async () => {
  t = await buildTestApp({ env: await testCertificateEnv() });
  w = await createTwoSidedWorld(t.db, { storage: t.app.storage });
  // The world's documents include a completed attestation of each HC: start these HCs afresh.
  await t.db.delete(documents).where(eq(documents.party, 'harvest-center'));
});
afterAll(() => t.close());

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function finalPdf(documentId: string) {
  const [row] = await t.db.select().from(documents).where(eq(documents.documentId, documentId));
  return { row, bytes: await t.app.storage.getBytes(row.finalKey ?? '') };
}

/** A PDF as an admin would upload it: a page of text of our own. */
async function agreementPdf(text: string, pages = 1) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage().drawText(`${text} (page ${i + 1})`, { x: 50, y: 700, size: 14, font });
  return doc.save();
}

describe("a center's own attestation (profile)", () => {
  const attest = (who: UserRow, payload: object = {}) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/v1/documents/harvest-center/attestation/', payload });

  it('signs in the dialog; the account then has its template and document ids', async () => {
    expect((await userRow(w.A.harvestCenter.id)).templateId).toBe('');
    const started = await attest(w.A.harvestCenter);
    expect(started.statusCode, started.body).toBe(200);
    const link = linkOf(started.json().signLink);
    expect(started.json().documentId).toBe(link.documentId);
    // Asking again reuses the pending attestation with a fresh link.
    const again = await attest(w.A.harvestCenter);
    expect(again.json().documentId).toBe(link.documentId);
    expect((await sign(t.app, link)).json().message).toBe(SIGNING_LINK_MESSAGES.invalid);
    const fresh = linkOf(again.json().signLink);
    const session = await openSession(t.app, fresh);
    expect(session.json()).toMatchObject({
      kind: 'attestation',
      channel: 'portal',
      signer_email: w.A.harvestCenter.email,
    });
    const signed = await sign(t.app, fresh, { type: 'typed', text: 'Center Director' });
    expect(signed.statusCode, signed.body).toBe(200);

    const hc = await userRow(w.A.harvestCenter.id);
    expect(hc.templateId).toMatch(/^tpl_/);
    expect(hc.documentId).toBe(link.documentId);
    expect((await attest(w.A.harvestCenter)).statusCode).toBe(409);
    const shown = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: `/api/v1/documents/harvest-center/${w.A.harvestCenter.id}/attestation/`,
    });
    expect(shown.json()).toMatchObject({
      success: true,
      document: { status: 'Completed', document_id: link.documentId },
    });
  });

  it("gives each patient an attestation of its own: its signer and its id, not the center's (issue 42)", async () => {
    const from = t.mail.sent.length;
    const hc = await userRow(w.A.harvestCenter.id);
    // The center's own attestation (signed above) has the center's text, not the patient questionnaire.
    const centerText = (await pdfText((await finalPdf(hc.documentId)).bytes)).join(' ').replace(/\s+/g, ' ');
    expect(centerText).not.toContain('completed by');

    const attestations: { documentId: string; text: string }[] = [];
    for (const patient of [
      { name: 'Pat A', email: w.A.patient.email },
      { name: 'Pia Second', email: 'pia.second@example.test' },
    ]) {
      const sent = await injectAs(t.app, w.A.harvestCenter, {
        method: 'POST',
        url: '/api/v1/documents/send/',
        payload: { harvest_center_id: w.A.harvestCenter.id, ...patient },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const documentId: string = sent.json().documents[0].document_id;
      const [attestation] = await t.db.select().from(documents).where(eq(documents.documentId, documentId));
      expect(attestation.kind).toBe('attestation');
      // Lines joined: a sentence may wrap.
      const text = (await pdfText(await t.app.storage.getBytes(attestation.originalKey ?? '')))
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(text).toContain(`Signer: ${patient.name} (${patient.email})`);
      expect(text).toContain(`completed by ${patient.name}`);
      expect(text).toContain(`Document ID: ${documentId}`);
      expect(text).not.toContain(w.A.harvestCenter.email);
      expect(text).not.toContain(hc.documentId);
      attestations.push({ documentId, text });
    }
    expect(attestations[0].documentId).not.toBe(attestations[1].documentId);

    // Signed, it is sealed and verifies as its own document.
    const requestMail = (await sentMailSince(t.app, t.mail.sent, from)).find(
      (mail) => mail.to.includes(w.A.patient.email) && signingLinksIn(mail).length > 0,
    );
    const link = signingLinksIn(requestMail ?? { text: '' }).find(
      (candidate) => candidate.documentId === attestations[0].documentId,
    );
    expect(link).toBeDefined();
    expect((await sign(t.app, link!)).statusCode).toBe(200);
    const { bytes } = await finalPdf(attestations[0].documentId);
    const signedText = (await pdfText(bytes)).join(' ').replace(/\s+/g, ' ');
    expect(signedText).not.toContain(hc.documentId);
    expect(signedText).not.toContain(`${w.A.harvestCenter.firstName} ${w.A.harvestCenter.lastName} (`);
    expect(await verifySealedPdf(bytes, await t.app.documents.seal.certificate())).toEqual({
      valid: true,
      documentId: attestations[0].documentId,
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents/verify/',
      ...multipartBody({}, { filename: 'a.pdf', content: bytes }),
    });
    expect(verified.json().valid).toBe(true);
  });

  it('HC staff sign their own; admins start one for an HC-type account, not for others', async () => {
    const staff = await attest(w.A.hcStaff);
    expect(staff.statusCode, staff.body).toBe(200);
    expect((await attest(w.A.hcStaff, { harvest_center_id: w.A.harvestCenter.id })).statusCode).toBe(403);
    expect((await attest(w.admin, { harvest_center_id: w.B.harvestCenter.id })).statusCode).toBe(200);
    const patient = await attest(w.admin, { harvest_center_id: w.B.patient.id });
    expect(patient.statusCode).toBe(400);
    expect((await attest(w.admin)).statusCode).toBe(400);
    expect((await attest(w.admin, { harvest_center_id: 999999 })).statusCode).toBe(404);
  });
});

describe('HC sign-up: POST and GET /auth/boldsign/', () => {
  const email = 'new.center@example.test';
  const start = (payload: object) => t.app.inject({ method: 'POST', url: '/auth/boldsign/', payload });
  const toTemplate = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/auth/boldsign/?${query}`, headers });

  it('signs an attestation before the account exists and turns it into a template, once', async () => {
    const started = await start({ name: 'New Center', email });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ success: true });
    const link = linkOf(started.json().signLink);
    expect((await openSession(t.app, link)).json()).toMatchObject({
      channel: 'harvest-center',
      signer_name: 'New Center',
    });
    expect((await toTemplate(`documentId=${link.documentId}`)).statusCode).toBe(409);

    // The same person asks again for the same document: a fresh link; someone else: nothing.
    expect(
      (await start({ name: 'New Center', email: 'other@example.test', docId: link.documentId })).statusCode,
    ).toBe(404);
    const again = await start({ name: 'New Center', email: email.toUpperCase(), docId: link.documentId });
    expect(again.statusCode, again.body).toBe(200);
    const signed = await sign(t.app, linkOf(again.json().signLink), { type: 'typed', text: 'New Center' });
    expect(signed.json().redirect).toBe(
      `/hc-signed-completed-message?documentId=${link.documentId}&signedBy=New+Center`,
    );

    const made = await toTemplate(`documentId=${link.documentId}&name=New%20Center%20attestation`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({ templateId: expect.stringMatching(/^tpl_/), docId: link.documentId });
    expect((await toTemplate(`documentId=${link.documentId}`)).json()).toEqual(made.json());
    const [template] = await t.db
      .select()
      .from(documentTemplates)
      .where(eq(documentTemplates.id, made.json().templateId));
    // No owner until the registration claims it, and never a default for other centers.
    expect(template).toMatchObject({
      ownerUserId: null,
      name: 'New Center attestation',
      kind: 'attestation',
    });
    const list = await injectAs(t.app, w.admin, { method: 'GET', url: '/api/admin/document-templates/' });
    expect(list.json().find((x: { id: string }) => x.id === template.id)).toMatchObject({
      in_use: false,
      source_document_id: link.documentId,
    });
  });

  it("does not make a template of a patient's document or of an account's attestation for strangers", async () => {
    const [patientDocument] = await t.db
      .select()
      .from(documents)
      .where(eq(documents.party, 'patient'))
      .limit(1);
    expect((await toTemplate(`documentId=${patientDocument.documentId}`)).statusCode).toBe(404);
    const hc = await userRow(w.A.harvestCenter.id);
    expect((await toTemplate(`documentId=${hc.documentId}`)).statusCode).toBe(404);
    expect((await toTemplate('documentId=unknown')).statusCode).toBe(404);
    const own = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: `/auth/boldsign/?documentId=${hc.documentId}`,
    });
    expect(own.json()).toEqual({ templateId: hc.templateId, docId: hc.documentId });
  });

  it('is throttled per e-mail, and a userId needs a session', async () => {
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push((await start({ name: 'Flood', email: 'flood@example.test' })).statusCode);
    expect(results).toEqual([200, 200, 200, 200, 200, 429]);
    expect(
      (await start({ name: 'X', email: 'x@example.test', userId: w.A.harvestCenter.id })).statusCode,
    ).toBe(403);
    const own = await injectAs(t.app, w.B.harvestCenter, {
      method: 'POST',
      url: '/auth/boldsign/',
      payload: { name: 'B', email: w.B.harvestCenter.email, userId: w.B.harvestCenter.id },
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('admin templates', () => {
  const upload = (who: UserRow, fields: Record<string, string>, content?: Uint8Array) =>
    injectAs(t.app, who, {
      method: 'POST',
      url: '/api/admin/document-templates/',
      ...multipartBody(fields, content ? { filename: 'processing.pdf', content } : undefined),
    });

  it('an uploaded PDF replaces the built-in text of its kind for new requests', async () => {
    const pdf = await agreementPdf('Our own processing agreement', 2);
    const created = await upload(w.admin, { kind: 'processing', name: 'Processing 2027' }, pdf);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'processing',
      name: 'Processing 2027',
      in_use: true,
      has_file: true,
      owner: null,
    });
    const sent = await injectAs(t.app, w.B.harvestCenter, {
      method: 'POST',
      url: '/api/v1/documents/send/',
      payload: { harvest_center_id: w.B.harvestCenter.id, name: 'Pat B', email: w.B.patient.email },
    });
    const byKind = Object.fromEntries(
      (sent.json().documents as { kind: string; document_id: string }[]).map((d) => [d.kind, d.document_id]),
    );
    const [processing] = await t.db
      .select()
      .from(documents)
      .where(eq(documents.documentId, byKind.processing));
    expect(processing.templateId).toBe(created.json().id);
    expect(await t.app.storage.getBytes(processing.originalKey ?? '')).toEqual(pdf);
    const [storage] = await t.db.select().from(documents).where(eq(documents.documentId, byKind.storage));
    expect(storage.templateId).toBeNull();
    const list = await injectAs(t.app, w.admin, { method: 'GET', url: '/api/admin/document-templates/' });
    expect(list.json()[0]).toMatchObject({ id: created.json().id, in_use: true });
  });

  it('refuses a missing kind, a file that is not a PDF or does not open, and non-admins', async () => {
    const before = await t.db.select().from(documentTemplates);
    const noKind = await upload(w.admin, {}, await agreementPdf('x'));
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().errors).toHaveProperty('kind');
    expect(
      (await upload(w.admin, { kind: 'storage' }, new TextEncoder().encode('not a pdf'))).statusCode,
    ).toBe(400);
    expect((await upload(w.admin, { kind: 'storage' }, TINY_PDF)).statusCode).toBe(400);
    expect((await upload(w.admin, { kind: 'storage' })).statusCode).toBe(400);
    expect((await upload(w.A.harvestCenter, { kind: 'storage' }, await agreementPdf('x'))).statusCode).toBe(
      403,
    );
    expect(await t.db.select().from(documentTemplates)).toHaveLength(before.length);
  });
});

describe('the seal certificate', () => {
  it('is generated once, kept in the database and read back by every process', async () => {
    const app = await buildTestApp();
    try {
      expect(await app.db.select().from(signingCertificates)).toHaveLength(0);
      const first = new SealKeys(app.db, undefined);
      const second = new SealKeys(app.db, undefined);
      const [a, b] = await Promise.all([first.certificate(), second.certificate()]);
      expect(a.fingerprint256).toBe(b.fingerprint256);
      expect(await first.mediaSecret()).toBe(await second.mediaSecret());
      expect(await app.db.select().from(signingCertificates)).toHaveLength(1);
      // A configured certificate wins over the stored one.
      const configured = new SealKeys(app.db, {
        p12Base64: (await testCertificateEnv()).SIGNING_CERT_P12_BASE64,
        passphrase: (await testCertificateEnv()).SIGNING_CERT_PASSPHRASE,
      });
      expect((await configured.certificate()).fingerprint256).not.toBe(a.fingerprint256);
      expect(await configured.mediaSecret()).not.toBe(await first.mediaSecret());
    } finally {
      await app.close();
    }
  });
});
