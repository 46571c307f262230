import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../errors/app-error.ts';
import { documentVisibility } from './document-visibility.repository.ts';
import { canManageDocument } from './documents.policy.ts';
import {
  type DocumentListRow,
  type DocumentRow,
  findDocumentWithVisibility,
  findPendingToReplace,
  insertEvents,
  revokeLinks,
  updateDocument,
} from './documents.repository.ts';
import type { DocumentsDeps, RequestOrigin } from './documents-deps.ts';

/** Voids a Pending document in the caller's transaction: its links stop working, the trail says who. */
export async function voidWithin(
  tx: Db,
  document: Pick<DocumentRow, 'id'>,
  input: { by: string; origin: RequestOrigin },
): Promise<void> {
  const at = new Date();
  await updateDocument(tx, document.id, { status: 'Voided', voidedAt: at, nextReminderAt: null });
  await revokeLinks(tx, document.id);
  await insertEvents(tx, document.id, [{ event: 'voided', at, by: input.by, ...input.origin }]);
}

/** A new request (or an uploaded paper copy) replaces the signer's pending requests of those kinds. */
export async function voidReplacedRequests(
  tx: Db,
  input: {
    harvestCenterId: number;
    patientId: number | null;
    signerEmail: string;
    kinds: string[];
    by: string;
    origin: RequestOrigin;
  },
): Promise<void> {
  for (const document of await findPendingToReplace(tx, input)) {
    await voidWithin(tx, document, { by: input.by, origin: input.origin });
  }
}

/**
 * A document the caller may manage (the requesting center, admins), locked for the change:
 * 404 when unknown, 403 when visible but not the caller's to change, 404 when not visible at all.
 */
export async function requireManagedDocument(
  db: Db,
  actor: Actor,
  where: { id: number } | { documentId: string },
): Promise<DocumentListRow> {
  const row = await findDocumentWithVisibility(db, where, documentVisibility(actor), { forUpdate: true });
  if (!row) throw notFound('Document not found.');
  if (!row.visible) throw forbidden('You do not have access to this document.');
  if (!canManageDocument(actor, row.document)) {
    throw forbidden('Only the harvest center that requested this document can change it.');
  }
  return row;
}

export function actorLabel(actor: Actor): string {
  return `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
}

/** PATCH status Voided: cancels a Pending request; its links answer "cancelled" from now on. */
export async function voidDocument(
  deps: Pick<DocumentsDeps, 'db'>,
  actor: Actor,
  id: number,
  origin: RequestOrigin,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await requireManagedDocument(tx, actor, { id });
    if (row.document.status !== 'Pending') {
      throw new AppError(409, 'Only a pending request can be cancelled.');
    }
    await voidWithin(tx, row.document, { by: actorLabel(actor), origin });
  });
}
