import {
  SIGNED_COMPLETED_PATHS,
  type TSignBody,
  type TSigningSession,
  type TSignResponse,
} from '@portal/shared/documents';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../errors/app-error.ts';
import { InvalidPdfError } from '../../pdf-signing/pdf-errors.ts';
import { PDF_TASKS } from '../../pdf-signing/pdf-tasks.ts';
import { sha256Hex } from '../../pdf-signing/sha256.ts';
import {
  checkDrawnSignatureHeader,
  InvalidSignatureImageError,
  SignatureImageTooLargeError,
} from '../../pdf-signing/signature-image.ts';
import { cpuPool } from '../../workers/cpu-pool.ts';
import { recordSignedAttestation } from '../accounts/account-writes.repository.ts';
import { documentKeys } from './document-files.ts';
import { newTemplateId } from './document-ids.ts';
import { queueCompletedMails } from './document-mails.ts';
import {
  type DocumentRow,
  findContact,
  insertEvents,
  insertTemplate,
  listEvents,
  markLinkUsed,
  markLinkViewed,
  type NewEvent,
  revokeLinks,
  type SigningLinkRow,
  updateDocument,
} from './documents.repository.ts';
import type { DocumentsDeps, RequestOrigin } from './documents-deps.ts';
import { signedMediaPath } from './media-urls.ts';
import { centerLabel } from './request-parties.ts';
import { findUsableLink } from './signing-links.ts';

/** What the signature means, printed beside it (E-SIGN: intent to sign). */
export const SIGNATURE_MEANING = 'I agree to the terms of this agreement';

/**
 * POST /api/v1/signing/session/: the signing page opens its link. Records 'viewed' once per link
 * and answers what is to be signed, with a short-lived link to the original to read.
 */
export async function openSigningSession(
  deps: DocumentsDeps,
  input: { document_id: string; token: string },
  origin: RequestOrigin,
): Promise<TSigningSession> {
  const { link, document } = await findUsableLink(deps.db, {
    documentId: input.document_id,
    token: input.token,
  });
  await deps.db.transaction(async (tx) => {
    if (await markLinkViewed(tx, link.id)) {
      await insertEvents(tx, document.id, [{ event: 'viewed', by: document.signerName, ...origin }]);
    }
  });
  const center = await findContact(deps.db, document.harvestCenterId);
  return {
    document_id: document.documentId,
    kind: document.kind,
    name: document.name,
    signer_name: document.signerName,
    signer_email: document.signerEmail,
    harvest_center: center ? centerLabel(center) : '',
    pdf_url: signedMediaPath(await deps.seal.mediaSecret(), document.documentId, 'original'),
    channel: link.channel === 'email' ? 'email' : link.channel === 'portal' ? 'portal' : 'harvest-center',
  };
}

/** Where the signer lands, per the link's channel (part 1 §2 completed pages). */
export function completedRedirect(link: Pick<SigningLinkRow, 'channel'>, document: DocumentRow): string {
  const query = new URLSearchParams({ documentId: document.documentId });
  switch (link.channel) {
    case 'email':
      return `${SIGNED_COMPLETED_PATHS.email}?${query}`;
    case 'portal':
      return `${SIGNED_COMPLETED_PATHS.portal}?${query}`;
    case 'harvest-center':
      query.set('signedBy', document.signerName);
      return `${SIGNED_COMPLETED_PATHS.harvestCenter}?${query}`;
  }
}

/**
 * The drawn signature's PNG bytes, refused unless they are a PNG (the data URL only says so) no
 * larger than a signature pad makes: its header is read before anything decodes it.
 */
function drawnSignaturePng(dataUrl: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  try {
    checkDrawnSignatureHeader(bytes);
  } catch (error) {
    throw drawnSignatureRefusal(error);
  }
  return bytes;
}

/** A 400 on the signature's field for an image refused here or by the pool thread; else the error. */
function drawnSignatureRefusal(error: unknown): unknown {
  if (error instanceof InvalidSignatureImageError || error instanceof SignatureImageTooLargeError) {
    return badRequest(error.message, { 'signature.image': error.message });
  }
  return error;
}

/**
 * POST /api/v1/signing/sign/: signs with a valid link and the signer's consent. The final PDF
 * (signature, certificate page with the audit trail, PKCS#7 seal) is made and stored first; then
 * one transaction re-checks the link under lock and records consented/signed/completed, uses the
 * link, completes the document and queues the mails. If the transaction fails, the file goes.
 */
export async function signDocument(
  deps: DocumentsDeps,
  body: TSignBody,
  origin: RequestOrigin,
): Promise<TSignResponse> {
  const { db, storage } = deps;
  const linkInput = { documentId: body.document_id, token: body.token };
  const { document } = await findUsableLink(db, linkInput);
  if (!document.originalKey || !document.originalSha256)
    throw new Error('A built-in document has no original');
  const signature =
    body.signature.type === 'typed'
      ? { type: 'typed' as const, text: body.signature.text }
      : { type: 'drawn' as const, png: drawnSignaturePng(body.signature.image) };

  const signedAt = new Date();
  const signerEvents: NewEvent[] = [
    { event: 'consented', at: signedAt, by: document.signerName, ...origin },
    { event: 'signed', at: signedAt, by: document.signerName, ...origin },
    { event: 'completed', at: signedAt, by: 'Portal' },
  ];
  const trail = [...(await listEvents(db, document.id)), ...signerEvents].map((e) => ({
    event: e.event,
    at: e.at ?? signedAt,
    ip: e.ip ?? null,
    userAgent: e.userAgent ?? null,
    by: e.by,
  }));
  const finalPdf = await cpuPool
    .run(PDF_TASKS.completeSignedPdf, {
      original: await storage.getBytes(document.originalKey),
      documentId: document.documentId,
      title: document.name,
      signer: { name: document.signerName, email: document.signerEmail },
      signature,
      signedAt,
      meaning: SIGNATURE_MEANING,
      auditTrail: trail,
      originalSha256: document.originalSha256,
      certificate: await deps.seal.certificate(),
    })
    .catch((error) => {
      if (error instanceof InvalidPdfError) {
        throw new AppError(
          409,
          'This document cannot be signed: its file does not open. Please ask for a new request.',
        );
      }
      throw drawnSignatureRefusal(error);
    });
  const finalKey = documentKeys.final(document.documentId);
  await storage.put(finalKey, finalPdf, { contentType: 'application/pdf' });

  try {
    const redirect = await db.transaction(async (tx) => {
      // The same checks again under lock: a second tab or a void may have won meanwhile.
      const { link, document: locked } = await findUsableLink(tx, linkInput, { forUpdate: true });
      await insertEvents(tx, locked.id, signerEvents);
      await markLinkUsed(tx, link.id, signedAt);
      await revokeLinks(tx, locked.id);
      const completed = await updateDocument(tx, locked.id, {
        status: 'Completed',
        finalKey,
        finalSha256: sha256Hex(finalPdf),
        completedAt: signedAt,
        nextReminderAt: null,
      });
      await afterCompletion(tx, deps, completed);
      return completedRedirect(link, completed);
    });
    deps.wakeMail();
    return { success: true, status: 'Completed', document_id: document.documentId, redirect };
  } catch (error) {
    await storage.delete(finalKey).catch(() => {});
    throw error;
  }
}

/**
 * What a completion sets off, in its transaction: the mails to the signer and the center, and for
 * an account's own attestation signed in the portal, the template its patients' attestations are
 * made from (the signed file), recorded on the account.
 */
export async function afterCompletion(tx: Db, deps: Pick<DocumentsDeps, 'publicUrl'>, document: DocumentRow) {
  const center = document.party === 'patient' ? await findContact(tx, document.harvestCenterId) : undefined;
  await queueCompletedMails(tx, {
    documentName: document.name,
    signerName: document.signerName,
    signerEmail: document.signerEmail,
    center: center ? { email: center.email, company: centerLabel({ ...center, name: '' }) } : null,
    publicUrl: deps.publicUrl,
    completedAt: document.completedAt ?? new Date(),
  });
  if (document.party === 'harvest-center' && document.kind === 'attestation' && document.signerUserId) {
    const template = await templateFromAttestation(tx, document, document.signerUserId);
    await recordSignedAttestation(tx, document.signerUserId, {
      templateId: template.id,
      documentId: document.documentId,
    });
  }
}

/**
 * The template made from a completed attestation (once per document): its file is the signed
 * attestation, so a patient's attestation carries the center's signed attestation and then the
 * patient's own signature and seal.
 */
export async function templateFromAttestation(
  tx: Db,
  document: DocumentRow,
  ownerUserId: number | null,
  name?: string,
) {
  if (!document.finalKey) throw new Error('Only a completed document becomes a template');
  return insertTemplate(tx, {
    id: newTemplateId(),
    kind: 'attestation',
    ownerUserId,
    name: name?.trim() || `${document.signerName}: ${document.name}`,
    fileKey: document.finalKey,
    sourceDocumentId: document.id,
    createdBy: ownerUserId,
  });
}
