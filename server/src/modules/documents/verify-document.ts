import { type TVerifyResponse, VERIFY_MESSAGES } from '@portal/shared/documents';
import { PDF_TASKS } from '../../pdf-signing/pdf-tasks.ts';
import { cpuPool } from '../../workers/cpu-pool.ts';
import { findDocumentByPublicId, listEvents } from './documents.repository.ts';
import { toEventJson } from './documents.view.ts';
import type { DocumentsDeps } from './documents-deps.ts';

const ALTERED: TVerifyResponse = {
  valid: false,
  message: VERIFY_MESSAGES.altered,
  document: null,
  events: [],
};

/**
 * POST /api/v1/documents/verify/: whether a file is an unaltered completed document of this
 * portal: the PKCS#7 seal verifies with the portal's certificate over the whole file, the document
 * it names is Completed, and the file is byte for byte the final PDF the portal stored. Then its
 * audit trail. Anything else, however it differs, gets the same answer.
 */
export async function verifyDocument(deps: DocumentsDeps, pdf: Uint8Array): Promise<TVerifyResponse> {
  const { result, sha256 } = await cpuPool.run(PDF_TASKS.verifySealedPdf, {
    pdf,
    certificate: await deps.seal.certificate(),
  });
  if (!result.valid) return ALTERED;
  const document = await findDocumentByPublicId(deps.db, result.documentId);
  if (document?.status !== 'Completed' || document.finalSha256 !== sha256) return ALTERED;
  const events = await listEvents(deps.db, document.id);
  return {
    valid: true,
    message: VERIFY_MESSAGES.valid,
    document: {
      document_id: document.documentId,
      name: document.name,
      signer_name: document.signerName,
      signer_email: document.signerEmail,
      completed_at: document.completedAt?.toISOString() ?? null,
      original_sha256: document.originalSha256 ?? '',
    },
    events: events.map(toEventJson),
  };
}
