import { formatDisplayDateTime } from '@portal/shared/dates';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, StandardFonts } from 'pdf-lib';
import type { SigningCertificate } from './certificate.ts';
import { InvalidPdfError } from './pdf-errors.ts';
import {
  DOCUMENT_ID_INFO_KEY,
  deleteInfoKey,
  drawEmptySignatureBox,
  encodableText,
  MUTED_COLOR,
  PageWriter,
  readSignatureBox,
  SIGNATURE_BOX_INFO_KEY,
  type SignatureBox,
  setInfoText,
  TEXT_COLOR,
  wrapText,
} from './pdf-layout.ts';
import { checkDrawnSignature, InvalidSignatureImageError } from './signature-image.ts';

export type AuditEntry = { event: string; at: Date; ip: string | null; userAgent: string | null; by: string };

export type SignatureInput = { type: 'typed'; text: string } | { type: 'drawn'; png: Uint8Array };

export type CompleteSignedPdfInput = {
  original: Uint8Array;
  documentId: string;
  signer: { name: string; email: string };
  signature: SignatureInput;
  signedAt: Date;
  /** What the signature means, printed beside it ("I agree to the terms of this agreement"). */
  meaning: string;
  auditTrail: AuditEntry[];
  originalSha256: string;
  certificate: SigningCertificate;
  /** The document's name on the certificate page; the original's Title, or "Document", by default. */
  title?: string;
  /** Time of the seal; now by default. */
  sealedAt?: Date;
};

/** Room the seal's PKCS#7 may take, in hex characters: 8 KB of CMS, about four times what it needs. */
const SIGNATURE_PLACEHOLDER_LENGTH = 16384;

/**
 * Opens a PDF the way completeSignedPdf will, so an upload can be refused at once (encrypted or
 * damaged files) instead of when someone signs it.
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() === 0) throw new Error('no pages');
    return doc;
  } catch (error) {
    throw new InvalidPdfError(undefined, { cause: error });
  }
}

/** loadPdf as a task of the CPU pool (pdf-signing/pdf-tasks.ts): whether the file opens, and its pages. */
export async function checkPdfOpens(bytes: Uint8Array): Promise<{ pageCount: number }> {
  return { pageCount: (await loadPdf(bytes)).getPageCount() };
}

/** The placeholder's texts are stored as raw 8-bit strings: printable ASCII, no parentheses. */
function sealText(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/[()\\]/g, '')
      .slice(0, 200) || '-'
  );
}

type Fonts = { regular: PDFFont; bold: PDFFont; script: PDFFont };

async function embedSignatureImage(doc: PDFDocument, png: Uint8Array): Promise<PDFImage> {
  // Its size read first: the decoder makes width × height × 4 bytes of whatever the header says.
  checkDrawnSignature(png);
  try {
    return await doc.embedPng(png);
  } catch (error) {
    throw new InvalidSignatureImageError(undefined, { cause: error });
  }
}

/**
 * The stamp inside `box`: the signature above a line, then the printed name and e-mail, the date and
 * time (UTC), the meaning and the document id below it.
 */
async function drawSignatureStamp(
  doc: PDFDocument,
  page: PDFPage,
  box: SignatureBox,
  fonts: Fonts,
  input: CompleteSignedPdfInput,
): Promise<void> {
  const lineY = box.y + 78;
  const signatureArea = { x: box.x + 4, y: lineY + 4, width: box.width - 8, height: box.height - 78 - 20 };
  if (input.signature.type === 'drawn') {
    const image = await embedSignatureImage(doc, input.signature.png);
    const scale = Math.min(signatureArea.width / image.width, signatureArea.height / image.height, 1);
    page.drawImage(image, {
      x: signatureArea.x,
      y: signatureArea.y,
      width: image.width * scale,
      height: image.height * scale,
    });
  } else {
    const text = encodableText(fonts.script, input.signature.text.trim());
    let size = 26;
    while (size > 10 && fonts.script.widthOfTextAtSize(text, size) > signatureArea.width) size -= 1;
    page.drawText(text, {
      x: signatureArea.x,
      y: signatureArea.y + 6,
      size,
      font: fonts.script,
      color: TEXT_COLOR,
    });
  }

  let y = lineY - 13;
  const line = (text: string, font: PDFFont, size: number, color = TEXT_COLOR) => {
    for (const part of wrapText(font, size, text, box.width)) {
      page.drawText(part, { x: box.x, y, size, font, color });
      y -= size + 3;
    }
  };
  line(`${input.signer.name} (${input.signer.email})`, fonts.bold, 9.5);
  line(`Signed electronically on ${formatDisplayDateTime(input.signedAt)}`, fonts.regular, 9);
  line(input.meaning, fonts.regular, 9);
  line(`Document ID: ${input.documentId}`, fonts.regular, 7.5, MUTED_COLOR);
}

/** A page for the signature when the original did not keep room for it (an uploaded template). */
function addSignaturePage(doc: PDFDocument, fonts: Fonts, title: string, documentId: string): SignatureBox {
  const writer = new PageWriter(doc);
  writer.text('Signature page', { font: fonts.bold, size: 17, lineHeight: 24 });
  writer.space(4);
  writer.text(`This page carries the electronic signature of "${title}" (document ID ${documentId}).`, {
    font: fonts.regular,
    size: 10.5,
    lineHeight: 15,
  });
  writer.space(24);
  const box = drawEmptySignatureBox(writer, doc, fonts.bold);
  // Its own page of an uploaded document: a "Page 1 of 1" there would read as a page count.
  writer.footers(fonts.regular, `Document ID: ${documentId}`, { numbered: false });
  return box;
}

function eventLabel(event: string): string {
  return event.charAt(0).toUpperCase() + event.slice(1);
}

/** The certificate of completion: who signed what, when and from where, and how the file is sealed. */
function addCertificatePages(
  doc: PDFDocument,
  fonts: Fonts,
  title: string,
  input: CompleteSignedPdfInput,
): void {
  const writer = new PageWriter(doc);
  const small = { font: fonts.regular, size: 9.5, lineHeight: 13.5 };
  const muted = { font: fonts.regular, size: 8.5, lineHeight: 12, color: MUTED_COLOR };
  writer.text('Certificate of completion', { font: fonts.bold, size: 17, lineHeight: 24 });
  writer.text('This certificate is part of the signed document and is covered by its digital seal.', muted);
  writer.space(8);

  const rows: [string, string][] = [
    ['Document', title],
    ['Document ID', input.documentId],
    ['Signer', `${input.signer.name} (${input.signer.email})`],
    ['Signed', formatDisplayDateTime(input.signedAt)],
    ['Meaning of the signature', input.meaning],
    [
      'Signature',
      input.signature.type === 'typed'
        ? `Typed name "${input.signature.text.trim()}"`
        : 'Drawn by the signer on the signing page',
    ],
    ['SHA-256 of the original document', input.originalSha256],
    ['Sealed by', input.certificate.commonName],
    ['Seal certificate SHA-256 fingerprint', input.certificate.fingerprint256],
  ];
  for (const [label, value] of rows) {
    writer.ensureRoom(2 * 13.5);
    writer.text(label, { font: fonts.bold, size: 9.5, lineHeight: 13.5 });
    writer.text(value, { ...small, indent: 12 });
    writer.space(3);
  }
  writer.space(4);
  writer.text(
    'The whole file is sealed with a PKCS#7 digital signature of the portal. Any change to the file ' +
      "breaks the seal; the portal's document verification page tells whether a copy is unaltered.",
    muted,
  );
  writer.space(10);
  writer.rule();
  writer.text('Audit trail', { font: fonts.bold, size: 12, lineHeight: 20 });
  writer.text('Times are in UTC.', muted);
  writer.space(4);
  for (const entry of input.auditTrail) {
    writer.ensureRoom(3 * 13);
    writer.text(`${eventLabel(entry.event)} - ${formatDisplayDateTime(entry.at)}`, {
      font: fonts.bold,
      size: 9.5,
      lineHeight: 13.5,
    });
    writer.text(`By ${entry.by} - IP address ${entry.ip ?? 'not recorded'}`, { ...small, indent: 12 });
    writer.text(`User agent: ${entry.userAgent ?? 'not recorded'}`, { ...muted, indent: 12 });
    writer.space(4);
  }
  writer.footers(fonts.regular, `Certificate of completion - Document ID: ${input.documentId}`);
}

/**
 * The final PDF of a signature, for any original (the portal's agreement or an uploaded template):
 * the signature stamp on the room the agreement kept for it (or on an added signature page), a
 * certificate of completion with the audit trail, the document id in the metadata, and then the whole
 * file sealed with the portal's PKCS#7 signature. Sealing is the last write: any later change breaks it.
 */
export async function completeSignedPdf(input: CompleteSignedPdfInput): Promise<Uint8Array> {
  const doc = await loadPdf(input.original);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    script: await doc.embedFont(StandardFonts.TimesRomanBoldItalic),
  };
  const title = input.title ?? doc.getTitle() ?? 'Document';

  const box = readSignatureBox(doc) ?? addSignaturePage(doc, fonts, title, input.documentId);
  const page = doc.getPage(box.pageIndex);
  // Pages of any size: a box that does not fit on its page is moved onto an added signature page.
  const { width, height } = page.getSize();
  const fits = box.x + box.width <= width && box.y + box.height <= height && box.y >= 0;
  const target = fits ? box : addSignaturePage(doc, fonts, title, input.documentId);
  await drawSignatureStamp(doc, doc.getPage(target.pageIndex), target, fonts, input);

  addCertificatePages(doc, fonts, title, input);

  deleteInfoKey(doc, SIGNATURE_BOX_INFO_KEY);
  setInfoText(doc, DOCUMENT_ID_INFO_KEY, input.documentId);
  if (!doc.getTitle()) doc.setTitle(title);
  doc.setModificationDate(input.signedAt);
  doc.setProducer('Portal');

  return sealPdf(doc, input.certificate, {
    reason: `Signed electronically by ${input.signer.name}; sealed by Portal`,
    contact: input.signer.email,
    at: input.sealedAt ?? new Date(),
  });
}

/**
 * Seals a finished PDF with the portal's PKCS#7 signature (the signed agreements, the patient
 * timeline): a placeholder, the file saved, the signature over all of it. Any later change breaks it.
 */
export async function sealPdf(
  doc: PDFDocument,
  certificate: SigningCertificate,
  seal: { reason: string; contact: string; at: Date },
): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: sealText(seal.reason),
    contactInfo: sealText(seal.contact),
    name: sealText(certificate.commonName),
    location: 'Portal',
    signingTime: seal.at,
    signatureLength: SIGNATURE_PLACEHOLDER_LENGTH,
    appName: 'Portal',
  });
  // No object streams: the seal's placeholder must stay readable bytes for the signer to find.
  const unsealed = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  // On a pool thread the .p12 arrives as a Uint8Array (structured clone), which P12Signer takes too.
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  const sealed = await new SignPdf().sign(Buffer.from(unsealed), signer, seal.at);
  return new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength);
}
