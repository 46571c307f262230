import { SIGNING_LINK_MESSAGES, VERIFY_MESSAGES } from '@portal/shared/documents';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEvents, documents, signingLinks } from '../src/db/schema/documents.ts';
import { mailOutbox } from '../src/db/schema/platform.ts';
import { mediaPath } from '../src/modules/documents/media-urls.ts';
import { verifySealedPdf } from '../src/pdf-signing/verify-pdf.ts';
import { signUrlPath } from '../src/storage/signed-urls.ts';
import { createTwoSidedWorld, type TwoSidedWorld } from './helpers/access-world.ts';
import {
  drawnSignatureDataUrl,
  multipartBody,
  openSession,
  type SigningLink,
  sentMailSince,
  sign,
  signingLinksIn,
  testCertificateEnv,
  withTamperedSignature,
} from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * The signing service end to end, through the HTTP API and the mail the signer receives: send →
 * the mailed link → the signing page's session → sign → Completed, a sealed PDF that verifies, and
 * every way a link is refused. Then the file route, reminders and resending.
 */

let t: TestApp;
let w: TwoSidedWorld;
beforeAll(async () => {
  t = await buildTestApp({ env: await testCertificateEnv() });
  w = await createTwoSidedWorld(t.db, { storage: t.app.storage });
});
afterAll(() => t.close());

type DocumentJson = {
  id: number;
  document_id: string;
  kind: string;
  status: string;
  file_url: string | null;
};

async function send(who: { id: number }, body: Record<string, unknown>) {
  const from = t.mail.sent.length;
  const response = await injectAs(t.app, who, {
    method: 'POST',
    url: '/api/v1/documents/send/',
    payload: body,
  });
  const mails = await sentMailSince(t.app, t.mail.sent, from);
  return { response, mails };
}

/** HC A asks patient A to sign; answers the three documents and the links of the mail. */
async function sendToPatientA(email = w.A.patient.email) {
  const { response, mails } = await send(w.A.harvestCenter, {
    harvest_center_id: w.A.harvestCenter.id,
    name: 'Pat Patient A',
    email,
    patient_id: w.A.patient.id,
  });
  expect(response.statusCode, response.body).toBe(200);
  const request = mails.filter((m) => m.to === email && m.text.includes('/sign-your-document'));
  expect(request).toHaveLength(1);
  const links = signingLinksIn(request[0]);
  const docs = response.json().documents as DocumentJson[];
  return { docs, links, mail: request[0] };
}

async function fetchFile(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function documentRow(documentId: string) {
  const [row] = await t.db.select().from(documents).where(eq(documents.documentId, documentId));
  return row;
}

describe('send → mailed link → sign → Completed', () => {
  let links: SigningLink[];
  let docs: DocumentJson[];

  it('sends the three agreements in one mail, one link each', async () => {
    ({ docs, links } = await sendToPatientA());
    expect(docs.map((d) => [d.kind, d.status])).toEqual([
      ['attestation', 'Pending'],
      ['processing', 'Pending'],
      ['storage', 'Pending'],
    ]);
    expect(links.map((l) => l.documentId)).toEqual(docs.map((d) => d.document_id));
    expect(new Set(links.map((l) => l.token)).size).toBe(3);
    // The tokens are stored as hashes only; the outbox keeps no usable link once the mail is sent.
    const stored = await t.db.select({ hash: signingLinks.tokenHash }).from(signingLinks);
    expect(stored.map((s) => s.hash)).not.toContain(links[0].token);
    const outbox = await t.db.select({ text: mailOutbox.text }).from(mailOutbox);
    expect(outbox.some((m) => m.text.includes(links[0].token))).toBe(false);
  });

  it('opens the signing page: what is signed, by whom, and a signed link to the original', async () => {
    const session = await openSession(t.app, links[0], { 'user-agent': 'DocumentsTest/1.0' });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({
      document_id: links[0].documentId,
      kind: 'attestation',
      signer_name: 'Pat Patient A',
      signer_email: w.A.patient.email,
      harvest_center: 'Harvest A',
      channel: 'email',
    });
    const original = await fetchFile(session.json().pdf_url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/pdf');
    expect(original.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Opened twice: 'viewed' is recorded once per link.
    await openSession(t.app, links[0]);
    const row = await documentRow(links[0].documentId);
    const viewed = await t.db
      .select()
      .from(documentEvents)
      .where(sql`${documentEvents.documentId} = ${row.id} AND ${documentEvents.event} = 'viewed'`);
    expect(viewed).toHaveLength(1);
  });

  it('signs with a typed signature: Completed, mails to the patient and the center', async () => {
    const from = t.mail.sent.length;
    const signed = await sign(t.app, links[0]);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      success: true,
      status: 'Completed',
      document_id: links[0].documentId,
    });
    expect(signed.json().redirect).toBe(
      `/patient-signed-completed-message-from-email?documentId=${links[0].documentId}`,
    );
    const mails = await sentMailSince(t.app, t.mail.sent, from);
    expect(mails.map((m) => m.to).sort()).toEqual([w.A.harvestCenter.email, w.A.patient.email].sort());
    // The time of signing in the portal's one date format.
    const toSigner = mails.find((m) => m.to === w.A.patient.email);
    expect(toSigner?.text).toMatch(/ on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\. /);
  });

  it('lists it as Completed with a file link that opens in a new tab; the PDF is sealed', async () => {
    const list = await injectAs(t.app, w.A.patient, {
      method: 'GET',
      url: `/api/v1/documents/list/${w.A.patient.id}/`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const { attestation, processing } = list.json();
    expect(attestation).toMatchObject({
      status: 'Completed',
      document_id: links[0].documentId,
      source: 'signed',
    });
    expect(processing).toMatchObject({ status: 'Pending', file_url: null });
    expect(attestation.file_url).toMatch(/^\/media\/[A-Za-z0-9_-]+\.pdf\?expires=\d+&signature=/);

    const file = await fetchFile(attestation.file_url);
    expect(file.statusCode).toBe(200);
    const pdf = new Uint8Array(file.rawPayload);
    const row = await documentRow(links[0].documentId);
    const original = await t.app.storage.getBytes(row.originalKey ?? '');
    const [finalDoc, originalDoc] = await Promise.all([PDFDocument.load(pdf), PDFDocument.load(original)]);
    // The certificate page (and maybe a signature page) comes after the original's pages.
    expect(finalDoc.getPageCount()).toBeGreaterThan(originalDoc.getPageCount());
    const seal = await verifySealedPdf(pdf, await t.app.documents.seal.certificate());
    expect(seal).toEqual({ valid: true, documentId: links[0].documentId });
  });

  it('verifies the file with its audit trail; one changed byte fails', async () => {
    const row = await documentRow(links[0].documentId);
    const pdf = await t.app.storage.getBytes(row.finalKey ?? '');
    const verify = (bytes: Uint8Array) => {
      const form = multipartBody({}, { filename: 'signed.pdf', content: bytes });
      return t.app.inject({ method: 'POST', url: '/api/v1/documents/verify/', ...form });
    };
    const ok = await verify(pdf);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      valid: true,
      message: VERIFY_MESSAGES.valid,
      document: {
        document_id: links[0].documentId,
        signer_email: w.A.patient.email,
        original_sha256: row.originalSha256,
      },
    });
    const events = ok.json().events as { event: string; ip: string | null; user_agent: string | null }[];
    expect(events.map((e) => e.event)).toEqual([
      'created',
      'sent',
      'viewed',
      'consented',
      'signed',
      'completed',
    ]);
    expect(events.find((e) => e.event === 'signed')).toMatchObject({
      ip: '127.0.0.1',
      user_agent: 'DocumentsTest/1.0',
    });

    for (const at of [Math.floor(pdf.length / 3), pdf.length - 10]) {
      const changed = new Uint8Array(pdf);
      changed[at] ^= 0x01;
      const altered = await verify(changed);
      expect(altered.statusCode).toBe(200);
      expect(altered.json()).toEqual({
        valid: false,
        message: VERIFY_MESSAGES.altered,
        document: null,
        events: [],
      });
    }
  });

  it('signs with a drawn signature (a PNG from the signature pad)', async () => {
    const signed = await sign(t.app, links[1], { type: 'drawn', image: drawnSignatureDataUrl() });
    expect(signed.statusCode, signed.body).toBe(200);
    const row = await documentRow(links[1].documentId);
    const pdf = await t.app.storage.getBytes(row.finalKey ?? '');
    expect(await verifySealedPdf(pdf, await t.app.documents.seal.certificate())).toMatchObject({
      valid: true,
    });
  });

  it('refuses a drawn signature that is not a PNG', async () => {
    const fake = `data:image/png;base64,${Buffer.from('GIF89a this is not a png at all, not at all').toString('base64')}`;
    const refused = await sign(t.app, links[2], { type: 'drawn', image: fake });
    expect(refused.statusCode).toBe(400);
    expect((await documentRow(links[2].documentId)).status).toBe('Pending');
  });

  it('refuses to sign twice with the same link', async () => {
    const again = await sign(t.app, links[0]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIGNING_LINK_MESSAGES.used);
    expect((await openSession(t.app, links[0])).statusCode).toBe(409);
  });
});

describe('refused links', () => {
  it('refuses an unknown token, a token of another document and no consent, and changes nothing', async () => {
    const { links } = await sendToPatientA();
    const eventsBefore = await t.db.select({ id: documentEvents.id }).from(documentEvents);
    const bogus = await openSession(t.app, { ...links[0], token: 'x'.repeat(43) });
    expect(bogus.statusCode).toBe(404);
    expect(bogus.json().message).toBe(SIGNING_LINK_MESSAGES.invalid);
    const crossed = await sign(t.app, { ...links[1], documentId: links[0].documentId });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(SIGNING_LINK_MESSAGES.invalid);
    const noConsent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signing/sign/',
      payload: {
        document_id: links[0].documentId,
        token: links[0].token,
        consent: false,
        signature: { type: 'typed', text: 'Pat' },
      },
    });
    expect(noConsent.statusCode).toBe(400);
    expect(await t.db.select({ id: documentEvents.id }).from(documentEvents)).toHaveLength(
      eventsBefore.length,
    );
  });

  it('refuses an expired link', async () => {
    const { links } = await sendToPatientA();
    const row = await documentRow(links[0].documentId);
    await t.db
      .update(signingLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signingLinks.documentId, row.id));
    const expired = await sign(t.app, links[0]);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(SIGNING_LINK_MESSAGES.expired);
  });

  it('refuses a link of a voided request, and of a link replaced by a newer one', async () => {
    const { docs, links } = await sendToPatientA();
    const voided = await injectAs(t.app, w.A.harvestCenter, {
      method: 'PATCH',
      url: `/api/v1/documents/${docs[0].id}/`,
      payload: { status: 'Voided' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().status).toBe('Voided');
    const refused = await sign(t.app, links[0]);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(SIGNING_LINK_MESSAGES.voided);

    // The portal's dialog gets a fresh link: the mailed one stops working, the new one signs.
    const dialog = await injectAs(t.app, w.A.patient, {
      method: 'POST',
      url: '/api/v1/documents/sign-link-patient/',
      payload: { docId: docs[1].id, email: 'ignored@example.test' },
    });
    expect(dialog.statusCode, dialog.body).toBe(200);
    const fresh = new URL(dialog.json().signLink);
    expect(fresh.pathname).toBe('/sign-your-document');
    expect((await sign(t.app, links[1])).json().message).toBe(SIGNING_LINK_MESSAGES.invalid);
    const signed = await sign(t.app, {
      url: fresh.href,
      documentId: fresh.searchParams.get('documentId') ?? '',
      token: fresh.searchParams.get('token') ?? '',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().redirect).toMatch(/^\/patient-signed-completed-message\?documentId=/);
  });

  it('a new request replaces the pending ones of the same patient', async () => {
    const first = await sendToPatientA();
    await sendToPatientA();
    expect((await sign(t.app, first.links[2])).json().message).toBe(SIGNING_LINK_MESSAGES.voided);
    expect((await documentRow(first.links[2].documentId)).status).toBe('Voided');
  });
});

describe('GET /media/{document_id}.pdf', () => {
  let completed: DocumentJson;
  let pending: DocumentJson;
  let secret: string;
  beforeAll(async () => {
    const { docs, links } = await sendToPatientA();
    await sign(t.app, links[0]);
    const list = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: `/api/v1/documents/list/${w.A.patient.id}/`,
    });
    completed = list.json().attestation;
    pending = docs[1];
    secret = await t.app.documents.seal.mediaSecret();
  });

  it('serves the final file to a session that may see it', async () => {
    for (const who of [w.A.harvestCenter, w.A.patient, w.A.hcStaff, w.A.labUser, w.admin]) {
      const file = await injectAs(t.app, who, { method: 'GET', url: mediaPath(completed.document_id) });
      expect(file.statusCode, `${who.email}: ${file.body.slice(0, 100)}`).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
    for (const who of [w.B.harvestCenter, w.B.patient, w.A.referralCenter, w.A.salesRep]) {
      const file = await injectAs(t.app, who, { method: 'GET', url: mediaPath(completed.document_id) });
      expect([403, 404], who.email).toContain(file.statusCode);
    }
  });

  it('serves a signed URL without a session, and refuses an expired or tampered one', async () => {
    expect((await fetchFile(completed.file_url ?? '')).statusCode).toBe(200);
    const path = mediaPath(completed.document_id);
    const expired = signUrlPath(secret, path, 60, {}, new Date(Date.now() - 2 * 3600 * 1000));
    expect((await fetchFile(expired)).statusCode).toBe(403);
    const tampered = withTamperedSignature(completed.file_url ?? '');
    expect((await fetchFile(tampered)).statusCode).toBe(403);
    // The original cannot be had by adding version=original to a link of the final file.
    expect((await fetchFile(`${completed.file_url}&version=original`)).statusCode).toBe(403);
    // A link of one document does not open another.
    const other = (completed.file_url ?? '').replace(completed.document_id, pending.document_id);
    expect((await fetchFile(other)).statusCode).toBe(403);
    expect((await fetchFile(path)).statusCode).toBe(403);
  });

  it('keeps the original for the signing page, and a pending document has no final file', async () => {
    const original = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: `${mediaPath(completed.document_id)}?version=original`,
    });
    expect(original.statusCode).toBe(403);
    const unsigned = await injectAs(t.app, w.A.harvestCenter, {
      method: 'GET',
      url: mediaPath(pending.document_id),
    });
    expect(unsigned.statusCode).toBe(404);
    expect((await fetchFile('/media/unknown-document.pdf')).statusCode).toBe(403);
  });
});

describe('reminders', () => {
  const DAY = 24 * 60 * 60 * 1000;
  async function moveBack(documentIds: string[], days: number) {
    for (const id of documentIds) {
      await t.db
        .update(documents)
        .set({
          sentAt: sql`${documents.sentAt} - make_interval(days => ${days})`,
          nextReminderAt: sql`${documents.nextReminderAt} - make_interval(days => ${days})`,
        })
        .where(eq(documents.documentId, id));
    }
  }
  async function run() {
    const from = t.mail.sent.length;
    await t.app.signingReminders.run();
    return (await sentMailSince(t.app, t.mail.sent, from)).filter(
      (m) => m.to === 'remind.me@example.test' && m.subject.startsWith('Reminder'),
    );
  }

  it('mails fresh links 3 and 7 days after sending, then stops', async () => {
    const { links } = await sendToPatientA('remind.me@example.test');
    const ids = links.map((l) => l.documentId);
    await moveBack(ids, 2);
    expect(await run()).toHaveLength(0);

    await moveBack(ids, 1);
    const first = await run();
    expect(first).toHaveLength(1);
    expect(first[0].subject).toMatch(/^Reminder/);
    const fresh = signingLinksIn(first[0]);
    expect(fresh.map((l) => l.documentId)).toEqual(ids);
    expect((await sign(t.app, links[0])).json().message).toBe(SIGNING_LINK_MESSAGES.invalid);
    const row = await documentRow(ids[1]);
    expect(row.remindersSent).toBe(1);
    expect(row.nextReminderAt?.getTime()).toBe((row.sentAt?.getTime() ?? 0) + 7 * DAY);
    expect(await run()).toHaveLength(0);

    // One signed meanwhile: the next reminder names only the two still pending.
    expect((await sign(t.app, fresh[0])).statusCode).toBe(200);
    await moveBack(ids, 4);
    const second = await run();
    expect(second).toHaveLength(1);
    expect(signingLinksIn(second[0]).map((l) => l.documentId)).toEqual(ids.slice(1));
    expect((await documentRow(ids[1])).nextReminderAt).toBeNull();
    await moveBack(ids, 30);
    expect(await run()).toHaveLength(0);
  });
});

describe('POST /api/v1/utilities/send-patient-sign-email/', () => {
  it('mails a fresh link, the old one stops; three a quarter hour; only the requesting center', async () => {
    const { docs, links } = await sendToPatientA();
    const resend = (who: { id: number }) =>
      injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/utilities/send-patient-sign-email/',
        payload: { user_email: 'elsewhere@example.test', user_name: 'Pat', doc_id: docs[2].document_id },
      });
    expect([403, 404]).toContain((await resend(w.B.harvestCenter)).statusCode);
    expect((await resend(w.A.hcStaff)).statusCode).toBe(403);
    const from = t.mail.sent.length;
    const first = await resend(w.A.harvestCenter);
    expect(first.statusCode, first.body).toBe(200);
    const mails = await sentMailSince(t.app, t.mail.sent, from);
    // The document names the recipient; the payload's address is not trusted to redirect it.
    expect(mails.map((m) => m.to)).toEqual([w.A.patient.email]);
    expect((await sign(t.app, links[2])).json().message).toBe(SIGNING_LINK_MESSAGES.invalid);
    expect((await resend(w.admin)).statusCode).toBe(200);
    expect((await resend(w.A.harvestCenter)).statusCode).toBe(200);
    expect((await resend(w.A.harvestCenter)).statusCode).toBe(429);
    const fresh = signingLinksIn((await sentMailSince(t.app, t.mail.sent, from)).at(-1) ?? { text: '' });
    expect((await sign(t.app, fresh[0])).statusCode).toBe(200);
  });
});
