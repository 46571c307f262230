import type { Actor } from '../../auth/actor.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { sha256Hex } from '../../pdf-signing/sha256.ts';
import { documentKeys } from './document-files.ts';
import { documentVisibility } from './document-visibility.repository.ts';
import {
  type DocumentRow,
  findDocumentById,
  findDocumentWithVisibility,
  insertEvents,
  listDocuments,
  revokeLinks,
  updateDocument,
} from './documents.repository.ts';
import type { DocumentsDeps } from './documents-deps.ts';
import { afterCompletion } from './sign-document.ts';

/**
 * Asks the signing provider where a request stands and records the change: a completed one gets the
 * provider's signed file as its final PDF (and the completion mails), a cancelled one is Voided.
 * The built-in service's statuses are always current: nothing to ask.
 */
export async function refreshFromProvider(deps: DocumentsDeps, document: DocumentRow): Promise<boolean> {
  if (document.provider === 'builtin' || deps.provider.kind !== document.provider) return false;
  if (document.status !== 'Pending') return false;
  const result = await deps.provider.fetchResult(document);
  if (!result || result.status === 'Pending') return false;
  let finalKey: string | null = null;
  if (result.status === 'Completed' && result.pdf) {
    finalKey = documentKeys.final(document.documentId);
    await deps.storage.put(finalKey, result.pdf, { contentType: 'application/pdf' });
  }
  try {
    const changed = await deps.db.transaction(async (tx) => {
      const locked = await findDocumentById(tx, document.id, { forUpdate: true });
      if (locked?.status !== 'Pending') return false;
      const at = new Date();
      if (result.status === 'Completed' && finalKey && result.pdf) {
        const completed = await updateDocument(tx, locked.id, {
          status: 'Completed',
          finalKey,
          finalSha256: sha256Hex(result.pdf),
          completedAt: at,
          nextReminderAt: null,
        });
        await insertEvents(tx, locked.id, [{ event: 'completed', at, by: 'BoldSign' }]);
        await afterCompletion(tx, deps, completed);
        return true;
      }
      if (result.status === 'Voided') {
        await updateDocument(tx, locked.id, { status: 'Voided', voidedAt: at, nextReminderAt: null });
        await revokeLinks(tx, locked.id);
        await insertEvents(tx, locked.id, [{ event: 'voided', at, by: 'BoldSign' }]);
        return true;
      }
      return false;
    });
    if (!changed && finalKey) await deps.storage.delete(finalKey);
    if (changed) deps.wakeMail();
    return changed;
  } catch (error) {
    if (finalKey) await deps.storage.delete(finalKey).catch(() => {});
    throw error;
  }
}

async function requireVisible(
  deps: DocumentsDeps,
  actor: Actor,
  where: { id: number } | { documentId: string },
) {
  const row = await findDocumentWithVisibility(deps.db, where, documentVisibility(actor));
  if (!row) throw notFound('Document not found.');
  if (!row.visible) throw forbidden('You do not have access to this document.');
  return row.document;
}

/** POST /api/v1/documents/patient-signed-document/: the signing dialog closed; where does it stand? */
export async function patientSignedDocument(deps: DocumentsDeps, actor: Actor, documentId: string) {
  const document = await requireVisible(deps, actor, { documentId });
  await refreshFromProvider(deps, document);
  const current = (await findDocumentById(deps.db, document.id)) ?? document;
  return { success: true, status: current.status };
}

/** How many pending requests one refresh asks the provider about. */
const REFRESH_BATCH = 50;

/**
 * GET /api/v1/utilities/update-document-status/: refreshes one document (documentId) or the caller's
 * pending provider requests, and says how many changed.
 */
export async function updateDocumentStatuses(deps: DocumentsDeps, actor: Actor, documentId?: string) {
  if (documentId) {
    const document = await requireVisible(deps, actor, { documentId });
    return { success: true, updated: (await refreshFromProvider(deps, document)) ? 1 : 0 };
  }
  if (deps.provider.kind === 'builtin') return { success: true, updated: 0 };
  const page = await listDocuments(
    deps.db,
    documentVisibility(actor),
    { limit: REFRESH_BATCH, offset: 0 },
    { status: 'Pending', provider: deps.provider.kind },
  );
  let updated = 0;
  for (const row of page.rows) if (await refreshFromProvider(deps, row.document)) updated++;
  return { success: true, updated };
}
