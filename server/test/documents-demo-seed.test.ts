import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { documents } from '../src/db/schema/documents.ts';
import { verifySealedPdf } from '../src/pdf-signing/verify-pdf.ts';
import {
  DEMO_EMAILS,
  seedDemoAccountsIfEmpty,
  seedDemoDocumentsOf,
  seedDemoIfEmpty,
} from '../src/seed/demo-seed.ts';
import { testCertificateEnv } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/* The demo seed's documents: made by the signing service itself, so every documents screen has data. */

let t: TestApp;
/** Which ended first: a request made as the documents' seeding began, or the seeding. */
let firstDone: string;
beforeAll(async () => {
  t = await buildTestApp({ env: await testCertificateEnv() });
  const accounts = await seedDemoAccountsIfEmpty(t.db, 'demo-password');
  expect(accounts).not.toBeNull();
  const seeding = seedDemoDocumentsOf(t.db, accounts!, { storage: t.app.storage, config: t.app.config }).then(
    () => 'documents',
  );
  // `npm start` seals the demo documents while it answers: a request must not wait for all of them.
  const answered = injectAs(t.app, accounts!.admin, {
    method: 'GET',
    url: `/api/v1/users/${accounts!.hc.id}/`,
  }).then((answer) => {
    expect(answer.statusCode, answer.body).toBe(200);
    return 'request';
  });
  firstDone = await Promise.race([seeding, answered]);
  await Promise.all([seeding, answered]);
  expect(await seedDemoIfEmpty(t.db, 'demo-password')).toBe(false);
}, 120_000);
afterAll(() => t.close());

async function account(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('demo documents', () => {
  it('a request made while they are sealed is answered before they are all done (issue 42)', () => {
    expect(firstDone).toBe('request');
  });

  it("the demo patient's three agreements are signed, sealed PDFs it can open", async () => {
    const patient = await account(DEMO_EMAILS.patient);
    const list = await injectAs(t.app, patient, {
      method: 'GET',
      url: `/api/v1/documents/list/${patient.id}/`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const certificate = await t.app.documents.seal.certificate();
    for (const kind of ['attestation', 'processing', 'storage'] as const) {
      const document = list.json()[kind];
      expect(document, kind).toMatchObject({ status: 'Completed', source: 'signed' });
      const file = await t.app.inject({ method: 'GET', url: document.file_url });
      const seal = await verifySealedPdf(new Uint8Array(file.rawPayload), certificate);
      expect(seal, kind).toEqual({ valid: true, documentId: document.document_id });
    }
  });

  it('the demo HC has its signed attestation and template, another patient is signed, others wait', async () => {
    const hc = await account(DEMO_EMAILS.hc);
    expect(hc.templateId).toMatch(/^tpl_/);
    const attestation = await injectAs(t.app, hc, {
      method: 'GET',
      url: `/api/v1/documents/harvest-center/${hc.id}/attestation/`,
    });
    expect(attestation.json()).toMatchObject({ success: true, document: { status: 'Completed' } });
    const requests = await injectAs(t.app, hc, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${hc.id}/documentList/?limit=100`,
    });
    const rows = requests.json().results as { status: string; patient_desc: { id: number } | null }[];
    const signedPatients = new Set(
      rows.filter((r) => r.status === 'Completed').map((r) => r.patient_desc?.id),
    );
    const waitingPatients = new Set(
      rows.filter((r) => r.status === 'Pending').map((r) => r.patient_desc?.id),
    );
    expect(signedPatients.size).toBe(2);
    expect(waitingPatients.size).toBeGreaterThanOrEqual(2);
    const pending = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.status, 'Pending'), eq(documents.harvestCenterId, hc.id)));
    expect(pending.every((d) => d.nextReminderAt !== null)).toBe(true);
  });
});
