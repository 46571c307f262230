import { formatDisplayDateTime } from '@portal/shared/dates';
import type { TDocumentKind } from '@portal/shared/documents';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { AGREEMENT_SECTIONS, HARVEST_CENTER_SECTIONS, SIGNING_STATEMENT } from './agreement-texts.ts';
import {
  DOCUMENT_ID_INFO_KEY,
  drawEmptySignatureBox,
  drawTopRightLogo,
  MUTED_COLOR,
  PageWriter,
  SIGNATURE_BOX_HEIGHT,
  setInfoText,
  writeSignatureBox,
} from './pdf-layout.ts';

export type AgreementInput = {
  kind: TDocumentKind;
  title: string;
  signerName: string;
  signerEmail: string;
  harvestCenterName: string;
  documentId: string;
  createdAt: Date;
  /**
   * Who signs: a patient (default), or the harvest center itself (its own attestation, at sign-up or
   * from its profile), which gets the center's attestation text instead of the patient's.
   */
  signerRole?: 'patient' | 'harvest-center';
  /** The requesting center's logo (PNG), top right of the first page. */
  harvestCenterLogo?: Uint8Array | null;
};

/**
 * The default agreement of a kind, for one signer: title, parties, the sections, and an empty signature
 * area at the end whose place is recorded in the metadata. The document id is in the metadata and the
 * footer of every page.
 */
export async function renderAgreementPdf(input: AgreementInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new PageWriter(doc);

  if (input.harvestCenterLogo) await drawTopRightLogo(writer, input.harvestCenterLogo);
  writer.text(input.title, { font: bold, size: 17, lineHeight: 24 });
  writer.space(6);
  const details: [string, string][] = [
    ['Signer', `${input.signerName} (${input.signerEmail})`],
    ['Harvest center', input.harvestCenterName],
    ['Document ID', input.documentId],
    ['Prepared', formatDisplayDateTime(input.createdAt)],
  ];
  for (const [label, value] of details) {
    writer.text(`${label}: ${value}`, { font: regular, size: 9.5, lineHeight: 13, color: MUTED_COLOR });
  }
  writer.rule();
  writer.space(6);

  const parties = { signerName: input.signerName, harvestCenterName: input.harvestCenterName };
  const sections =
    input.kind === 'attestation' && input.signerRole === 'harvest-center'
      ? HARVEST_CENTER_SECTIONS(parties)
      : AGREEMENT_SECTIONS[input.kind](parties);
  sections.forEach((section, index) => {
    // Keep a heading with at least two lines of its text.
    writer.ensureRoom(18 + 2 * 15);
    writer.text(`${index + 1}. ${section.heading}`, { font: bold, size: 11.5, lineHeight: 18 });
    writer.text(section.body, { font: regular, size: 10.5, lineHeight: 15 });
    writer.space(8);
  });
  writer.text(SIGNING_STATEMENT, { font: bold, size: 10.5, lineHeight: 15 });
  writer.space(12);

  writer.ensureRoom(SIGNATURE_BOX_HEIGHT);
  const box = drawEmptySignatureBox(writer, doc, bold);
  writeSignatureBox(doc, box);
  writer.y = box.y;

  writer.footers(regular, `Document ID: ${input.documentId}`);

  doc.setTitle(input.title);
  doc.setSubject(`Document ID ${input.documentId}`);
  doc.setAuthor('Portal');
  doc.setCreator('Portal');
  doc.setProducer('Portal');
  doc.setCreationDate(input.createdAt);
  doc.setModificationDate(input.createdAt);
  setInfoText(doc, DOCUMENT_ID_INFO_KEY, input.documentId);
  return doc.save();
}
