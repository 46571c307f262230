import {
  DOCUMENT_KINDS,
  DOCUMENT_TEXTS,
  type TDocumentKind,
  type TSendDocumentsResponse,
  type TUploadDocumentsBody,
} from '@portal/shared/documents';
import type { Actor } from '../../auth/actor.ts';
import { storedSha256 } from '../../storage/file-storage.ts';
import { fileStagedUploads } from '../../storage/staged-uploads.ts';
import { documentKeys } from './document-files.ts';
import { newDocumentId } from './document-ids.ts';
import { documentsJson } from './document-json.ts';
import { insertDocument, insertEvents, listDocumentsByIds } from './documents.repository.ts';
import type { DocumentsDeps, RequestOrigin } from './documents-deps.ts';
import {
  centerLabel,
  patientAgreementFields,
  requireRequestingCenter,
  resolveRequestedPatient,
} from './request-parties.ts';
import { voidReplacedRequests } from './void-document.ts';

/**
 * POST /api/v1/documents/upload/: agreements signed on paper, staged by process-file/, become
 * Completed documents (source 'uploaded') of the patient; they replace pending requests of the same
 * kinds. Uploaded files are kept as they came: the portal does not seal what it did not sign.
 */
export async function uploadDocuments(
  deps: DocumentsDeps,
  actor: Actor,
  body: TUploadDocumentsBody,
  origin: RequestOrigin,
): Promise<TSendDocumentsResponse> {
  const { db, storage } = deps;
  const center = await requireRequestingCenter(db, actor, body.harvest_center_id);
  const patient = await resolveRequestedPatient(db, center, {
    patientId: body.patient_id,
    email: body.email,
  });
  const staged = DOCUMENT_KINDS.flatMap((kind) =>
    body[kind] ? [{ kind, staged: body[kind] as string, documentId: newDocumentId() }] : [],
  );
  const { undo } = await fileStagedUploads(
    deps,
    actor.id,
    staged.map((s) => ({ field: s.kind, staged: s.staged, target: documentKeys.uploaded(s.documentId) })),
  );
  try {
    const filed: { kind: TDocumentKind; documentId: string; key: string; sha256: string }[] = [];
    for (const { kind, documentId } of staged) {
      const key = documentKeys.uploaded(documentId);
      filed.push({ kind, documentId, key, sha256: await storedSha256(storage, key) });
    }
    const signer = { name: body.name.trim(), email: body.email.trim() };
    const ids = await db.transaction(async (tx) => {
      await voidReplacedRequests(tx, {
        harvestCenterId: center.id,
        patientId: patient?.id ?? null,
        signerEmail: signer.email,
        kinds: filed.map((f) => f.kind),
        by: centerLabel(center),
        origin,
      });
      const at = new Date();
      const rows: number[] = [];
      for (const f of filed) {
        const row = await insertDocument(tx, {
          ...patientAgreementFields(f.kind, { center, patient, signer }, actor),
          documentId: f.documentId,
          status: 'Completed',
          source: 'uploaded',
          originalKey: f.key,
          originalSha256: f.sha256,
          finalKey: f.key,
          finalSha256: f.sha256,
          channel: 'portal',
          createdAt: at,
          completedAt: at,
        });
        await insertEvents(tx, row.id, [
          { event: 'created', at, by: centerLabel(center), ...origin },
          { event: 'completed', at, by: centerLabel(center), ...origin },
        ]);
        rows.push(row.id);
      }
      return rows;
    });
    const documents = await documentsJson(deps, await listDocumentsByIds(db, ids));
    return { code: 'success', message: DOCUMENT_TEXTS.uploaded, documents };
  } catch (error) {
    // Put the files back where upload/ can find them again.
    await undo();
    throw error;
  }
}
