import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAgreementPdf } from './agreement-pdf.ts';
import {
  generateSigningCertificate,
  loadSigningCertificate,
  type SigningCertificate,
} from './certificate.ts';
import { type AuditEntry, type CompleteSignedPdfInput, completeSignedPdf } from './complete-pdf.ts';
import { InvalidPdfError } from './pdf-errors.ts';
import { DOCUMENT_ID_INFO_KEY, getInfoText, SIGNATURE_BOX_INFO_KEY } from './pdf-layout.ts';
import { sha256Hex } from './sha256.ts';
import { InvalidSignatureImageError } from './signature-image.ts';
import { makeSignaturePng, makeUploadedTemplate, pdfText } from './testing/pdf-fixtures.ts';
import { VERIFY_REASONS, verifySealedPdf } from './verify-pdf.ts';

const DOCUMENT_ID = 'a1b2c3d4-0000-4000-8000-123456789abc';
const MEANING = 'I agree to the terms of this agreement';

const auditTrail: AuditEntry[] = [
  {
    event: 'created',
    at: new Date('2026-03-01T10:00:00Z'),
    ip: null,
    userAgent: null,
    by: 'Harvest Center North',
  },
  {
    event: 'sent',
    at: new Date('2026-03-01T10:00:01Z'),
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    by: 'Harvest Center North',
  },
  {
    event: 'viewed',
    at: new Date('2026-03-02T11:10:00Z'),
    ip: '198.51.100.4',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    by: 'Ana Ruiz',
  },
  {
    event: 'signed',
    at: new Date('2026-03-02T11:12:13Z'),
    ip: '198.51.100.4',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    by: 'Ana Ruiz',
  },
  { event: 'completed', at: new Date('2026-03-02T11:12:13Z'), ip: null, userAgent: null, by: 'Portal' },
];

let certificate: SigningCertificate;
let otherCertificate: SigningCertificate;
let original: Uint8Array;
let sealed: Uint8Array;

function inputFor(overrides: Partial<CompleteSignedPdfInput> = {}): CompleteSignedPdfInput {
  const bytes = overrides.original ?? original;
  return {
    original: bytes,
    documentId: DOCUMENT_ID,
    signer: { name: 'Ana Ruiz', email: 'ana.ruiz@example.com' },
    signature: { type: 'typed', text: 'Ana Ruiz' },
    signedAt: new Date('2026-03-02T11:12:13Z'),
    meaning: MEANING,
    auditTrail,
    originalSha256: sha256Hex(bytes),
    certificate,
    ...overrides,
  };
}

/** The sealed file's ByteRange: [0, b, c, d]. */
function byteRange(bytes: Uint8Array): number[] {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    Buffer.from(bytes).toString('latin1'),
  );
  if (!match) throw new Error('no ByteRange');
  return match.slice(1).map(Number);
}

function withByteFlipped(bytes: Uint8Array, index: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[index] ^= 0x01;
  return copy;
}

beforeAll(async () => {
  // Two certificates for the whole file: key generation is the slow part.
  const [ours, theirs] = await Promise.all([generateSigningCertificate(), generateSigningCertificate()]);
  certificate = loadSigningCertificate(ours);
  otherCertificate = loadSigningCertificate(theirs);
  original = await renderAgreementPdf({
    kind: 'processing',
    title: 'L2bio Official Processing',
    signerName: 'Ana Ruiz',
    signerEmail: 'ana.ruiz@example.com',
    harvestCenterName: 'Harvest Center North',
    documentId: DOCUMENT_ID,
    createdAt: new Date('2026-03-01T10:00:00Z'),
  });
  sealed = await completeSignedPdf(inputFor());
});

describe('completeSignedPdf', () => {
  it('stamps the signature on the agreement and adds a certificate page with the audit trail', async () => {
    const before = await PDFDocument.load(original, { updateMetadata: false });
    const after = await PDFDocument.load(sealed, { updateMetadata: false });
    expect(after.getPageCount()).toBe(before.getPageCount() + 1);
    expect(getInfoText(after, DOCUMENT_ID_INFO_KEY)).toBe(DOCUMENT_ID);
    expect(getInfoText(after, SIGNATURE_BOX_INFO_KEY)).toBeUndefined();

    const pages = await pdfText(sealed);
    const signaturePage = pages[before.getPageCount() - 1];
    expect(signaturePage).toContain('Ana Ruiz (ana.ruiz@example.com)');
    expect(signaturePage).toContain('Signed electronically on 2 Mar 2026, 11:12 UTC');
    expect(signaturePage).toContain(MEANING);

    const certificatePage = pages.at(-1) ?? '';
    expect(certificatePage).toContain('Certificate of completion');
    expect(certificatePage).toContain(DOCUMENT_ID);
    expect(certificatePage).toContain('L2bio Official Processing');
    expect(certificatePage).toContain(sha256Hex(original));
    expect(certificatePage).toContain(certificate.fingerprint256);
    for (const line of [
      // The portal's one date format (shared/src/dates.ts).
      'Signed\n2 Mar 2026, 11:12 UTC',
      'Created - 1 Mar 2026, 10:00 UTC',
      'Sent - 1 Mar 2026, 10:00 UTC',
      'Viewed - 2 Mar 2026, 11:10 UTC',
      'Signed - 2 Mar 2026, 11:12 UTC',
      'Completed - 2 Mar 2026, 11:12 UTC',
      'By Ana Ruiz - IP address 198.51.100.4',
      'User agent: Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    ]) {
      expect(certificatePage).toContain(line);
    }
  });

  it('works on an uploaded PDF with no room left: a signature page, then the certificate', async () => {
    const template = await makeUploadedTemplate(2);
    const result = await completeSignedPdf(
      inputFor({ original: template, signature: { type: 'drawn', png: makeSignaturePng() } }),
    );
    const doc = await PDFDocument.load(result, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(2 + 2);
    const pages = await pdfText(result);
    expect(pages[2]).toContain('Signature page');
    expect(pages[2]).toContain('Ana Ruiz (ana.ruiz@example.com)');
    expect(pages[3]).toContain('Clinic processing consent');
    expect(pages[3]).toContain('Drawn by the signer');
    // The original pages are untouched.
    expect(pages[1]).toBe((await pdfText(template))[1]);
    expect(await verifySealedPdf(result, certificate)).toEqual({ valid: true, documentId: DOCUMENT_ID });
  });

  it('draws the signature image on the agreement', async () => {
    const result = await completeSignedPdf(
      inputFor({ signature: { type: 'drawn', png: makeSignaturePng() } }),
    );
    const doc = await PDFDocument.load(result, { updateMetadata: false });
    const lastAgreementPage = doc.getPage(doc.getPageCount() - 2);
    const xObjects = lastAgreementPage.node.Resources()?.lookup(PDFName.of('XObject'));
    expect(xObjects?.toString()).toMatch(/Image/);
    expect((await verifySealedPdf(result, certificate)).valid).toBe(true);
  });

  it('refuses a drawn signature that is not a PNG, and an original that is not a PDF', async () => {
    await expect(
      completeSignedPdf(inputFor({ signature: { type: 'drawn', png: new Uint8Array([1, 2, 3, 4]) } })),
    ).rejects.toBeInstanceOf(InvalidSignatureImageError);
    await expect(completeSignedPdf(inputFor({ original: randomBytes(2000) }))).rejects.toBeInstanceOf(
      InvalidPdfError,
    );
  });

  it('puts many audit entries on as many certificate pages as they need', async () => {
    const longTrail = Array.from({ length: 60 }, (_, i) => ({ ...auditTrail[2], event: `reminded ${i}` }));
    const result = await completeSignedPdf(inputFor({ auditTrail: longTrail }));
    const pages = await pdfText(result);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.join('\n')).toContain('Reminded 59 - 2 Mar 2026, 11:10 UTC');
    expect((await verifySealedPdf(result, certificate)).valid).toBe(true);
  });
});

describe('verifySealedPdf', () => {
  it('accepts the sealed file and reads its document id', async () => {
    expect(await verifySealedPdf(sealed, certificate)).toEqual({ valid: true, documentId: DOCUMENT_ID });
  });

  it('refuses a copy with one byte changed anywhere in the signed ranges', async () => {
    const [, b, c, d] = byteRange(sealed);
    for (const index of [10, Math.floor(b / 2), b - 2, c + 1, c + Math.floor(d / 2), c + d - 1]) {
      const result = await verifySealedPdf(withByteFlipped(sealed, index), certificate);
      expect(result.valid, `byte ${index}`).toBe(false);
    }
  });

  it('refuses a copy with bytes appended (an incremental update)', async () => {
    const appended = Buffer.concat([Buffer.from(sealed), Buffer.from('\n1 0 obj\n<< >>\nendobj\n%%EOF\n')]);
    expect(await verifySealedPdf(appended, certificate)).toEqual({
      valid: false,
      reason: VERIFY_REASONS.notWholeFile,
    });
  });

  it('refuses a change inside the signature placeholder', async () => {
    const [, b, c] = byteRange(sealed);
    // The zero padding after the CMS is outside the signed ranges, yet a change there is refused too.
    const result = await verifySealedPdf(withByteFlipped(sealed, c - 3), certificate);
    expect(result.valid).toBe(false);
    expect((await verifySealedPdf(withByteFlipped(sealed, b + 40), certificate)).valid).toBe(false);
  });

  it('refuses a file re-saved by a PDF library (the seal no longer covers it)', async () => {
    const doc = await PDFDocument.load(sealed);
    const resaved = await doc.save();
    expect((await verifySealedPdf(resaved, certificate)).valid).toBe(false);
  });

  it('refuses a file sealed with another certificate', async () => {
    const foreign = await completeSignedPdf(inputFor({ certificate: otherCertificate }));
    expect(await verifySealedPdf(foreign, otherCertificate)).toEqual({
      valid: true,
      documentId: DOCUMENT_ID,
    });
    expect(await verifySealedPdf(foreign, certificate)).toEqual({
      valid: false,
      reason: VERIFY_REASONS.otherCertificate,
    });
  });

  it('refuses unsealed PDFs, junk and empty files without throwing', async () => {
    expect(await verifySealedPdf(original, certificate)).toEqual({
      valid: false,
      reason: VERIFY_REASONS.notSealed,
    });
    for (const junk of [
      new Uint8Array(0),
      randomBytes(10_000),
      Buffer.from('%PDF-1.7\n/ByteRange [0 10 20 30]\n'.padEnd(200, ' ')),
      Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5000)]),
    ]) {
      const result = await verifySealedPdf(junk, certificate);
      expect(result.valid).toBe(false);
    }
    // A PDF whose ByteRange covers the file but whose signature is garbage.
    const text = Buffer.from(sealed).toString('latin1');
    const [, b, c] = byteRange(sealed);
    const garbage = `<${'ab'.repeat((c - b - 2) / 2)}>`;
    const forged = Buffer.from(text.slice(0, b) + garbage + text.slice(c), 'latin1');
    expect((await verifySealedPdf(forged, certificate)).valid).toBe(false);
  });
});
