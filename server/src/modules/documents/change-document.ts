import type { TDocument } from '@portal/shared/documents';
import type { Actor } from '../../auth/actor.ts';
import { AppError } from '../../errors/app-error.ts';
import { documentJson } from './document-json.ts';
import { documentVisibility } from './document-visibility.repository.ts';
import { deleteDocumentRow, findDocumentWithVisibility, updateDocument } from './documents.repository.ts';
import type { DocumentsDeps, RequestOrigin } from './documents-deps.ts';
import { actorLabel, requireManagedDocument, voidWithin } from './void-document.ts';

/**
 * PATCH /api/v1/documents/{id}/: cancel a Pending request (status 'Voided') and/or rename a
 * request or an uploaded copy. A document signed through the portal keeps its name: it is printed
 * in the sealed file.
 */
export async function patchDocument(
  deps: DocumentsDeps,
  actor: Actor,
  id: number,
  body: { status?: 'Voided'; name?: string },
  origin: RequestOrigin,
): Promise<TDocument> {
  await deps.db.transaction(async (tx) => {
    const { document } = await requireManagedDocument(tx, actor, { id });
    if (body.name !== undefined && body.name !== document.name) {
      if (document.status === 'Completed' && document.source === 'signed') {
        throw new AppError(409, 'A signed document keeps its name.');
      }
      if (document.status === 'Voided') throw new AppError(409, 'A cancelled request cannot be renamed.');
      await updateDocument(tx, document.id, { name: body.name });
    }
    if (body.status === 'Voided' && document.status !== 'Voided') {
      if (document.status !== 'Pending') throw new AppError(409, 'Only a pending request can be cancelled.');
      await voidWithin(tx, document, { by: actorLabel(actor), origin });
    }
  });
  const row = await findDocumentWithVisibility(deps.db, { id }, documentVisibility(actor));
  if (!row) throw new Error('The document went missing after its change');
  return documentJson(deps, row);
}

/**
 * DELETE /api/v1/documents/{id}/: an uploaded copy is removed with its file (uploaded by mistake);
 * a Pending request is cancelled (Voided), so what was mailed keeps its trail; a document signed
 * through the portal is a record and stays (409).
 */
export async function deleteDocument(
  deps: DocumentsDeps,
  actor: Actor,
  id: number,
  origin: RequestOrigin,
): Promise<{ message: string }> {
  const removedFile = await deps.db.transaction(async (tx) => {
    const { document } = await requireManagedDocument(tx, actor, { id });
    if (document.source === 'uploaded') {
      await deleteDocumentRow(tx, document.id);
      return document.finalKey;
    }
    if (document.status === 'Pending') {
      await voidWithin(tx, document, { by: actorLabel(actor), origin });
      return null;
    }
    if (document.status === 'Voided') throw new AppError(409, 'This request is already cancelled.');
    throw new AppError(409, 'A signed document is a record and cannot be deleted.');
  });
  if (removedFile) {
    await deps.storage.delete(removedFile).catch(() => {});
    return { message: 'The uploaded document has been deleted.' };
  }
  return { message: 'The signing request has been cancelled.' };
}
