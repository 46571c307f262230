import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor } from '../../auth/actor.ts';
import { AppError } from '../../errors/app-error.ts';
import { queueSigningRequestMail } from './document-mails.ts';
import { findContact, insertEvents } from './documents.repository.ts';
import type { DocumentsDeps, RequestOrigin } from './documents-deps.ts';
import { centerLabel } from './request-parties.ts';
import { createSigningLink, linkRefused } from './signing-links.ts';
import { countRecentOfDocument } from './signing-throttle.repository.ts';
import { requireManagedDocument } from './void-document.ts';

/** Resent signing mails per document and quarter of an hour, like resent invitations (decision 015). */
const RESEND_LIMIT = 3;
const RESEND_WINDOW_MS = 15 * 60 * 1000;
const SIGN_EMAIL_RESENT = 'document.sign_email_resent';

/**
 * POST /api/v1/utilities/send-patient-sign-email/: mails a fresh 14-day link for a Pending request;
 * the older links stop working. For the requesting center and admins. The mail goes to the signer
 * the document names (the payload's name and e-mail are not trusted to redirect it).
 */
export async function resendSignEmail(
  deps: DocumentsDeps,
  actor: Actor,
  docId: number | string,
  origin: RequestOrigin,
): Promise<{ message: string }> {
  const where = typeof docId === 'number' ? { id: docId } : { documentId: docId };
  const email = await deps.db.transaction(async (tx) => {
    const { document } = await requireManagedDocument(tx, actor, where);
    if (document.status === 'Voided') throw linkRefused('voided');
    if (document.status === 'Completed') throw linkRefused('used');
    if (document.provider !== 'builtin') {
      throw new AppError(
        409,
        'BoldSign reminds its signers itself; this request cannot be mailed again here.',
      );
    }
    const recent = await countRecentOfDocument(tx, SIGN_EMAIL_RESENT, RESEND_WINDOW_MS, {
      email: document.signerEmail,
      documentId: document.documentId,
    });
    if (recent >= RESEND_LIMIT) {
      throw new AppError(429, 'This request was mailed several times recently. Please wait 15 minutes.');
    }
    const center = await findContact(tx, document.harvestCenterId);
    const { url } = await createSigningLink(tx, document, 'email', deps.publicUrl);
    await queueSigningRequestMail(tx, {
      to: document.signerEmail,
      signerName: document.signerName,
      centerName: center ? centerLabel(center) : '',
      links: [{ kind: document.kind, url }],
      again: true,
    });
    await insertEvents(tx, document.id, [{ event: 'sent', by: 'Portal' }]);
    await recordAudit(tx, identityOf(actor, origin), {
      action: SIGN_EMAIL_RESENT,
      targetUserId: document.patientId,
      email: document.signerEmail,
      detail: { document_id: document.documentId },
    });
    return document.signerEmail;
  });
  deps.wakeMail();
  return { message: `The signing link has been sent again to ${email}.` };
}
