import type { Db } from '../../src/db/client.ts';
import { newDocumentId } from '../../src/modules/documents/document-ids.ts';
import { type DocumentRow, insertDocument } from '../../src/modules/documents/documents.repository.ts';
import type { UserRow } from '../../src/seed/factories.ts';
import type { FileStorage } from '../../src/storage/file-storage.ts';

/** A few bytes that open as a PDF: enough for routes that only move files around. */
export const TINY_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Documents written straight into the tables (no signing, no rendering): a patient's Pending
 * request, a patient's Completed agreement with a file, and a center's own Completed attestation.
 * For tests about who reaches what, where the PDF inside does not matter.
 */
export async function createSideDocuments(
  db: Db,
  storage: FileStorage,
  side: { harvestCenter: UserRow; patient: UserRow },
): Promise<{ pending: DocumentRow; completed: DocumentRow; attestation: DocumentRow }> {
  const make = async (
    input: Pick<DocumentRow, 'kind' | 'party' | 'status'> & { signer: UserRow; patient: UserRow | null },
  ) => {
    const documentId = newDocumentId();
    const original = `documents/${documentId}/original.pdf`;
    const final = input.status === 'Completed' ? `documents/${documentId}/final-test.pdf` : null;
    await storage.put(original, TINY_PDF);
    if (final) await storage.put(final, TINY_PDF);
    return insertDocument(db, {
      documentId,
      kind: input.kind,
      name: `Test ${input.kind}`,
      status: input.status,
      source: 'signed',
      party: input.party,
      patientId: input.patient?.id ?? null,
      harvestCenterId: side.harvestCenter.id,
      signerUserId: input.signer.id,
      signerName: `${input.signer.firstName} ${input.signer.lastName}`,
      signerEmail: input.signer.email,
      originalKey: original,
      originalSha256: '0'.repeat(64),
      finalKey: final,
      finalSha256: final ? '0'.repeat(64) : null,
      channel: 'email',
      sentAt: new Date(),
      completedAt: final ? new Date() : null,
    });
  };
  return {
    pending: await make({
      kind: 'processing',
      party: 'patient',
      status: 'Pending',
      signer: side.patient,
      patient: side.patient,
    }),
    completed: await make({
      kind: 'storage',
      party: 'patient',
      status: 'Completed',
      signer: side.patient,
      patient: side.patient,
    }),
    attestation: await make({
      kind: 'attestation',
      party: 'harvest-center',
      status: 'Completed',
      signer: side.harvestCenter,
      patient: null,
    }),
  };
}
