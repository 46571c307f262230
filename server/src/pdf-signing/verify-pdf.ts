import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { PDFDocument } from 'pdf-lib';
import * as pkijs from 'pkijs';
import type { SigningCertificate } from './certificate.ts';
import { DOCUMENT_ID_INFO_KEY, getInfoText } from './pdf-layout.ts';
import { sha256Hex } from './sha256.ts';

export type VerifyResult = { valid: true; documentId: string } | { valid: false; reason: string };

/** Reasons a file is refused (for logs and tests; the public page shows one sentence for all). */
export const VERIFY_REASONS = {
  notPdf: 'The file is not a PDF.',
  notSealed: 'The file carries no seal of this portal.',
  notWholeFile: 'The file was changed or extended after it was sealed.',
  badSignature: 'The seal does not match the content: the file was changed after it was sealed.',
  otherCertificate: "The file was sealed with another certificate than this portal's.",
  noDocumentId: 'The sealed file has no document id of this portal.',
  unreadable: 'The file could not be read.',
} as const;

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** The signature dictionaries' ByteRanges, as numbers. */
function byteRanges(latin1: string): [number, number, number, number][] {
  return [...latin1.matchAll(BYTE_RANGE)].map((m) => [
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
  ]);
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

/**
 * The CMS from the /Contents hex string between the two signed ranges: `<hex>` with nothing but zero
 * padding after the DER (so even the unsigned gap cannot carry other bytes).
 */
function cmsFromGap(gap: Buffer): ArrayBuffer | undefined {
  const text = gap.toString('latin1');
  if (!/^<[0-9A-Fa-f]*>$/.test(text) || text.length % 2 !== 0) return undefined;
  const der = Buffer.from(text.slice(1, -1), 'hex');
  const parsed = asn1js.fromBER(toArrayBuffer(der));
  if (parsed.offset === -1) return undefined;
  if (der.subarray(parsed.offset).some((byte) => byte !== 0)) return undefined;
  return toArrayBuffer(der.subarray(0, parsed.offset));
}

function certificateFingerprint(certificate: pkijs.Certificate): string {
  const der = Buffer.from(certificate.toSchema().toBER(false));
  return new X509Certificate(der).fingerprint256;
}

/**
 * Whether `pdf` is an unaltered document sealed with `certificate`: the PKCS#7 signature verifies over
 * its ByteRange, that range covers the whole file (nothing appended), and the signer is this
 * certificate. Then the document id is read from the metadata (the file is only read, never re-saved).
 * Never throws: anything else is `{ valid: false, reason }`.
 */
export async function verifySealedPdf(
  pdf: Uint8Array,
  certificate: SigningCertificate,
): Promise<VerifyResult> {
  try {
    return await verify(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), certificate);
  } catch {
    return { valid: false, reason: VERIFY_REASONS.unreadable };
  }
}

/**
 * verifySealedPdf as a task of the CPU pool (pdf-signing/pdf-tasks.ts), with the file's SHA-256 (which the
 * caller compares with the stored file's): hashing an upload of megabytes is CPU work too.
 */
export async function verifySealedPdfTask(input: {
  pdf: Uint8Array;
  certificate: SigningCertificate;
}): Promise<{ result: VerifyResult; sha256: string }> {
  return { result: await verifySealedPdf(input.pdf, input.certificate), sha256: sha256Hex(input.pdf) };
}

async function verify(bytes: Buffer, certificate: SigningCertificate): Promise<VerifyResult> {
  if (bytes.length < 64 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    return { valid: false, reason: VERIFY_REASONS.notPdf };
  }
  const ranges = byteRanges(bytes.toString('latin1'));
  if (ranges.length === 0) return { valid: false, reason: VERIFY_REASONS.notSealed };
  // The seal is the signature whose ranges run from the first byte to the last.
  const range = ranges.find(([a, b, c, d]) => a === 0 && b > 0 && c > b && c + d === bytes.length);
  if (!range) return { valid: false, reason: VERIFY_REASONS.notWholeFile };
  const [, b, c, d] = range;

  const cms = cmsFromGap(bytes.subarray(b, c));
  if (!cms) return { valid: false, reason: VERIFY_REASONS.badSignature };
  const contentInfo = pkijs.ContentInfo.fromBER(cms);
  if (contentInfo.contentType !== pkijs.ContentInfo.SIGNED_DATA) {
    return { valid: false, reason: VERIFY_REASONS.badSignature };
  }
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  if (signedData.signerInfos.length !== 1) return { valid: false, reason: VERIFY_REASONS.badSignature };

  const signedContent = Buffer.concat([bytes.subarray(0, b), bytes.subarray(c, c + d)]);
  let result: pkijs.SignedDataVerifyResult;
  try {
    result = await signedData.verify({
      signer: 0,
      data: toArrayBuffer(signedContent),
      checkChain: false,
      extendedMode: true,
    });
  } catch {
    // pkijs throws on a digest mismatch (a changed byte) as well as on a bad signature.
    return { valid: false, reason: VERIFY_REASONS.badSignature };
  }
  if (!result.signatureVerified || !result.signerCertificate) {
    return { valid: false, reason: VERIFY_REASONS.badSignature };
  }
  if (certificateFingerprint(result.signerCertificate) !== certificate.fingerprint256) {
    return { valid: false, reason: VERIFY_REASONS.otherCertificate };
  }

  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const documentId = getInfoText(doc, DOCUMENT_ID_INFO_KEY)?.trim();
  if (!documentId) return { valid: false, reason: VERIFY_REASONS.noDocumentId };
  return { valid: true, documentId };
}
