import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySealedPdf } from '../src/pdf-signing/verify-pdf.ts';
import { type LocalS3, startLocalS3 } from '../src/storage/testing/local-s3.ts';
import { createTwoSidedWorld, type TwoSidedWorld } from './helpers/access-world.ts';
import { TINY_PDF } from './helpers/document-world.ts';
import {
  multipartBody,
  sentMailSince,
  sign,
  signingLinksIn,
  testCertificateEnv,
} from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/* The same documents on S3-compatible storage (s3rver in this process): signing, files, uploads. */

let s3: LocalS3;
let t: TestApp;
let w: TwoSidedWorld;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await buildTestApp({ env: { ...(await testCertificateEnv()), ...s3.env } });
  w = await createTwoSidedWorld(t.db, { storage: t.app.storage });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('documents on S3 storage', () => {
  it('sends, signs and serves a sealed PDF', async () => {
    expect(t.app.config.storage.driver).toBe('s3');
    const from = t.mail.sent.length;
    const sent = await injectAs(t.app, w.A.harvestCenter, {
      method: 'POST',
      url: '/api/v1/documents/send/',
      payload: { harvest_center_id: w.A.harvestCenter.id, name: 'Pat S3', email: w.A.patient.email },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = (await sentMailSince(t.app, t.mail.sent, from)).find((m) =>
      m.text.includes('/sign-your-document'),
    );
    const [link] = signingLinksIn(mail ?? { text: '' });
    expect((await sign(t.app, link)).statusCode).toBe(200);
    const list = await injectAs(t.app, w.A.patient, {
      method: 'GET',
      url: `/api/v1/documents/list/${w.A.patient.id}/`,
    });
    const file = await t.app.inject({ method: 'GET', url: list.json().attestation.file_url });
    expect(file.statusCode).toBe(200);
    const seal = await verifySealedPdf(
      new Uint8Array(file.rawPayload),
      await t.app.documents.seal.certificate(),
    );
    expect(seal).toEqual({ valid: true, documentId: link.documentId });
  });

  it('stages and files an upload (a move inside the bucket)', async () => {
    const staged = await injectAs(t.app, w.A.harvestCenter, {
      method: 'POST',
      url: '/api/v1/documents/process-file/',
      ...multipartBody({ filename: 'paper.pdf' }, { filename: 'paper.pdf', content: TINY_PDF }),
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const filed = await injectAs(t.app, w.A.harvestCenter, {
      method: 'POST',
      url: '/api/v1/documents/upload/',
      payload: {
        name: 'Pat S3',
        harvest_center_id: w.A.harvestCenter.id,
        email: w.A.patient.email,
        storage: staged.json().filename,
      },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: filed.json().documents[0].file_url });
    expect(file.rawPayload.equals(Buffer.from(TINY_PDF))).toBe(true);
  });
});
