import { DOCUMENT_LABELS, type TDocument, type TDocumentEvent } from '@portal/shared/documents';
import type { DocumentListRow, EventRow } from './documents.repository.ts';

/** The document row of every list (part 1 §3 Document), with a signed file link when Completed. */
export function toDocumentJson(row: DocumentListRow, fileUrl: (documentId: string) => string): TDocument {
  const d = row.document;
  const patient = row.patient?.id ? row.patient : null;
  const center = row.center?.id ? row.center : null;
  const patientName = patient ? `${patient.firstName} ${patient.lastName}`.trim() : d.signerName;
  return {
    id: d.id,
    document_id: d.documentId,
    kind: d.kind,
    name: d.name,
    status: d.status,
    patient_desc: patient
      ? { id: patient.id, first_name: patient.firstName, last_name: patient.lastName, email: patient.email }
      : null,
    patient_name: patientName || d.signerName,
    patient_email: patient?.email ?? d.signerEmail,
    hc_desc: center ? { id: center.id, company: center.company } : null,
    source: d.source,
    created_at: d.createdAt.toISOString(),
    sent_at: d.sentAt?.toISOString() ?? null,
    completed_at: d.completedAt?.toISOString() ?? null,
    file_url: d.status === 'Completed' && d.finalKey ? fileUrl(d.documentId) : null,
  };
}

export function toEventJson(e: EventRow): TDocumentEvent {
  return { event: e.event, at: e.at.toISOString(), ip: e.ip, user_agent: e.userAgent, by: e.by };
}

/** How screens name a kind ('Attestation Agreement'), for mails. */
export function kindLabel(kind: keyof typeof DOCUMENT_LABELS): string {
  return DOCUMENT_LABELS[kind];
}
