import { identityOf, recordAudit, visitorIdentity } from '../../audit-chain/audit-log.ts';
import type { Actor } from '../../auth/actor.ts';
import { AppError, forbidden, notFound } from '../../errors/app-error.ts';
import { documentVisibility } from './document-visibility.repository.ts';
import { findDocumentByPublicId, findDocumentWithVisibility } from './documents.repository.ts';
import type { DocumentsDeps } from './documents-deps.ts';
import { isValidSignedMediaQuery } from './media-urls.ts';

export const MEDIA_LINK_REFUSED =
  'This link has expired or is not valid. Open the document again from the portal.';

export type MediaQuery = { expires?: number; signature?: string; version?: 'final' | 'original' };

/**
 * GET /media/{document_id}.pdf: the file of a document, behind access checks. Either a signed URL
 * (expires, signature; `version=original` only as the signing page got it) or a session that may
 * see the document, which gets the final file of a Completed document. Anything else: 403.
 */
export async function openDocumentFile(
  deps: DocumentsDeps,
  actor: Actor | null,
  documentId: string,
  query: MediaQuery,
  origin: { ip: string },
): Promise<{ key: string; filename: string }> {
  const signed = query.signature !== undefined || query.expires !== undefined;
  let version: 'final' | 'original' = 'final';
  let document: Awaited<ReturnType<typeof findDocumentByPublicId>>;
  if (signed) {
    const raw: Record<string, string> = {};
    if (query.expires !== undefined) raw.expires = String(query.expires);
    if (query.signature !== undefined) raw.signature = query.signature;
    if (query.version !== undefined) raw.version = query.version;
    if (!isValidSignedMediaQuery(await deps.seal.mediaSecret(), documentId, raw)) {
      throw forbidden(MEDIA_LINK_REFUSED);
    }
    version = query.version ?? 'final';
    document = await findDocumentByPublicId(deps.db, documentId);
    if (!document) throw notFound('Document not found.');
  } else if (actor) {
    if (query.version === 'original') throw forbidden('The original is shown only on the signing page.');
    const row = await findDocumentWithVisibility(deps.db, { documentId }, documentVisibility(actor));
    if (!row) throw notFound('Document not found.');
    if (!row.visible) throw forbidden('You do not have access to this document.');
    document = row.document;
  } else {
    throw forbidden(MEDIA_LINK_REFUSED);
  }
  const key =
    version === 'original'
      ? document.originalKey
      : document.status === 'Completed'
        ? document.finalKey
        : null;
  if (!key) {
    throw new AppError(
      404,
      version === 'original' ? 'Document not found.' : 'This document is not signed yet.',
    );
  }
  const base = document.name.replace(/[^A-Za-z0-9 ._-]+/g, '').trim() || 'document';
  // Every opening of a document's file is on the audit trail, by session or by signed link.
  await recordAudit(deps.db, actor ? identityOf(actor, origin) : visitorIdentity(origin.ip), {
    action: 'document.viewed',
    patientId: document.patientId,
    targetUserId: document.patientId ?? document.harvestCenterId,
    objectType: 'document',
    objectId: document.documentId,
    detail: { version, by: signed ? 'signed link' : 'session' },
  });
  return { key, filename: `${base}${version === 'original' ? '' : ' (signed)'}.pdf` };
}
