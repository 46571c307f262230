import { formatDisplayDateTime } from '@portal/shared/dates';
import type { TPatientTimeline } from '@portal/shared/timeline';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { SigningCertificate } from './certificate.ts';
import { sealPdf } from './complete-pdf.ts';
import { DOCUMENT_ID_INFO_KEY, MUTED_COLOR, PageWriter, setInfoText } from './pdf-layout.ts';

export type TimelinePdfInput = {
  timeline: TPatientTimeline;
  /** Names the printout in the PDF's metadata (verifySealedPdf reads it back). */
  printId: string;
  printedAt: Date;
  printedBy: string;
  certificate: SigningCertificate;
};

/**
 * The chain of custody as a printable PDF: the patient, the stage, every event oldest first with who
 * and what, then sealed with the portal's certificate like the signed agreements, so a printout that
 * was changed no longer verifies.
 */
export async function renderTimelinePdf(input: TimelinePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const body = { font: regular, size: 10, lineHeight: 14 };
  const muted = { font: regular, size: 9, lineHeight: 12.5, color: MUTED_COLOR };
  const { patient, stage, events } = input.timeline;
  const writer = new PageWriter(doc);

  writer.text('Chain of custody', { font: bold, size: 18, lineHeight: 26 });
  writer.text(`${patient.name || patient.email} (patient ${patient.id}, ${patient.email})`, body);
  writer.text(
    `Printed ${formatDisplayDateTime(input.printedAt)} by ${input.printedBy}. Print ${input.printId}.`,
    muted,
  );
  writer.space(8);
  writer.text(stage.label, { font: bold, size: 11, lineHeight: 15 });
  if (stage.next) writer.text(stage.next, body);
  writer.space(6);
  writer.rule();
  for (const event of events) {
    writer.ensureRoom(40);
    writer.text(`${formatDisplayDateTime(event.at)}  ${event.title}`, {
      font: bold,
      size: 10,
      lineHeight: 14,
    });
    const line = [event.who ? `By ${event.who}` : '', event.detail].filter(Boolean).join(' · ');
    if (line) writer.text(line, { ...muted, indent: 12 });
    writer.space(4);
  }
  if (events.length === 0) writer.text('No events yet.', body);
  writer.footers(regular, `Chain of custody - patient ${patient.id} - ${input.printId}`, { numbered: true });

  setInfoText(doc, DOCUMENT_ID_INFO_KEY, input.printId);
  doc.setTitle(`Chain of custody - ${patient.name || patient.email}`);
  doc.setCreationDate(input.printedAt);
  doc.setModificationDate(input.printedAt);
  doc.setProducer('Portal');
  return sealPdf(doc, input.certificate, {
    reason: `Chain of custody of patient ${patient.id}; sealed by Portal`,
    contact: input.printedBy,
    at: input.printedAt,
  });
}
