import { randomBytes } from 'node:crypto';
import type { TDocumentKind } from '@portal/shared/documents';
import type { Db } from '../../db/client.ts';
import { PDF_TASKS } from '../../pdf-signing/pdf-tasks.ts';
import { sha256Hex } from '../../pdf-signing/sha256.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { cpuPool } from '../../workers/cpu-pool.ts';
import { findDefaultTemplate, findTemplate, type TemplateRow } from './documents.repository.ts';

/** Where a document's files live in the storage (relative keys, docs/decisions/018). */
export const documentKeys = {
  original: (documentId: string) => `documents/${documentId}/original.pdf`,
  /** One name per signing attempt, so a failed attempt never overwrites a committed file. */
  final: (documentId: string) => `documents/${documentId}/final-${randomBytes(6).toString('hex')}.pdf`,
  uploaded: (documentId: string) => `documents/${documentId}/uploaded.pdf`,
  template: (templateId: string) => `templates/${templateId}.pdf`,
};

/**
 * The template a new request of a kind is made from: the center's own attestation template
 * (users.template_id) for an attestation, else the admin's replacement of the kind's text, else
 * none (the built-in text). A template id that names no usable template (say, an old BoldSign id)
 * falls back the same way, and so does the template made from the center's signed attestation:
 * that file names the center as its signer and carries the center's document id, so a patient's
 * attestation made from it would show both (issue 42). Each patient's attestation names its own.
 */
export async function resolveTemplate(
  db: Db,
  kind: TDocumentKind,
  centerTemplateId: string | null | undefined,
): Promise<TemplateRow | undefined> {
  if (kind === 'attestation' && centerTemplateId) {
    const own = await findTemplate(db, centerTemplateId);
    if (own && own.kind === 'attestation' && own.fileKey && own.sourceDocumentId === null) return own;
  }
  const fallback = await findDefaultTemplate(db, kind);
  return fallback?.fileKey ? fallback : undefined;
}

export type OriginalInput = {
  kind: TDocumentKind;
  title: string;
  documentId: string;
  signerName: string;
  signerEmail: string;
  harvestCenterName: string;
  createdAt: Date;
  template: TemplateRow | undefined;
  harvestCenterLogo?: Uint8Array | null;
  /** A center's own attestation gets the center's text, not the patient's questionnaire. */
  signerRole?: 'patient' | 'harvest-center';
};

/** Writes the original (what is signed) of a new document and answers its key and SHA-256. */
export async function storeOriginal(
  storage: FileStorage,
  input: OriginalInput,
): Promise<{ key: string; sha256: string }> {
  const bytes = input.template?.fileKey
    ? await storage.getBytes(input.template.fileKey)
    : // Waits for a pool thread rather than refusing: a paid checkout may be asking for it.
      await cpuPool.run(
        PDF_TASKS.renderAgreementPdf,
        {
          kind: input.kind,
          title: input.title,
          signerName: input.signerName,
          signerEmail: input.signerEmail,
          harvestCenterName: input.harvestCenterName,
          documentId: input.documentId,
          createdAt: input.createdAt,
          harvestCenterLogo: input.harvestCenterLogo,
          signerRole: input.signerRole,
        },
        { whenBusy: 'wait' },
      );
  const key = documentKeys.original(input.documentId);
  await storage.put(key, bytes, { contentType: 'application/pdf' });
  return { key, sha256: sha256Hex(bytes) };
}
