import type { TDocument } from '@portal/shared/documents';
import type { DocumentListRow } from './documents.repository.ts';
import { toDocumentJson } from './documents.view.ts';
import type { DocumentsDeps } from './documents-deps.ts';
import { signedMediaPath } from './media-urls.ts';

/** Rows as the API answers them, each Completed one with a short-lived signed file link. */
export async function documentsJson(
  deps: Pick<DocumentsDeps, 'seal'>,
  rows: DocumentListRow[],
): Promise<TDocument[]> {
  if (rows.length === 0) return [];
  const secret = await deps.seal.mediaSecret();
  return rows.map((row) => toDocumentJson(row, (documentId) => signedMediaPath(secret, documentId)));
}

export async function documentJson(
  deps: Pick<DocumentsDeps, 'seal'>,
  row: DocumentListRow,
): Promise<TDocument> {
  const [json] = await documentsJson(deps, [row]);
  return json;
}
