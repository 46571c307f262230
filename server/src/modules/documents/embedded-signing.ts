import { DOCUMENT_NAMES, SIGNED_COMPLETED_PATHS, type TSignLinkResponse } from '@portal/shared/documents';
import { SIGN_UP_ATTESTATION_MESSAGE } from '@portal/shared/sign-up';
import { identityOf, recordAudit, visitorIdentity } from '../../audit-chain/audit-log.ts';
import { type Actor, personOf } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { recordSignedAttestation } from '../accounts/account-writes.repository.ts';
import { assertAdminReaches } from '../accounts/lookups.ts';
import { resolveTemplate, storeOriginal } from './document-files.ts';
import { newDocumentId } from './document-ids.ts';
import { documentVisibility } from './document-visibility.repository.ts';
import { canOpenSigning, signsOwnAttestation } from './documents.policy.ts';
import {
  type Contact,
  claimSignupAttestation,
  type DocumentRow,
  findContact,
  findDocumentByPublicId,
  findDocumentWithVisibility,
  findOwnAttestation,
  insertDocument,
  insertEvents,
  isSignupAttestationClaimable,
} from './documents.repository.ts';
import type { DocumentsDeps, RequestOrigin } from './documents-deps.ts';
import { templateFromAttestation } from './sign-document.ts';
import { createSigningLink, type LinkChannel, linkRefused } from './signing-links.ts';
import { countRecentForEmail, countRecentFromIp } from './signing-throttle.repository.ts';

const LINK_READY = 'The signing link is ready.';

/**
 * A signing URL to open at once (the portal's dialog, the HC sign-up): the portal's own page with
 * a fresh one-hour link (older links of the document stop working), or the provider's embedded page.
 */
async function embeddedLink(
  deps: DocumentsDeps,
  document: DocumentRow,
  channel: LinkChannel,
): Promise<string> {
  if (document.status === 'Voided') throw linkRefused('voided');
  if (document.status === 'Completed') throw linkRefused('used');
  if (document.provider !== 'builtin') {
    const redirect = `${deps.publicUrl}${channel === 'harvest-center' ? SIGNED_COMPLETED_PATHS.harvestCenter : SIGNED_COMPLETED_PATHS.portal}?documentId=${encodeURIComponent(document.documentId)}`;
    const url = await deps.provider.embeddedSignLink(document, redirect);
    if (url) return url;
  }
  return deps.db.transaction(
    async (tx) => (await createSigningLink(tx, document, channel, deps.publicUrl)).url,
  );
}

function linkResponse(document: DocumentRow, signLink: string): TSignLinkResponse {
  return { success: true, signLink, documentId: document.documentId, message: LINK_READY };
}

/**
 * POST /api/v1/documents/sign-link-patient/: an embedded link for a Pending document, for its
 * signer, the requesting center (signing in person) or an admin. Names and e-mails of the spec's
 * payload are ignored: the document says who signs.
 */
export async function signLinkForDocument(
  deps: DocumentsDeps,
  actor: Actor,
  docId: number | string,
): Promise<TSignLinkResponse> {
  const where = typeof docId === 'number' ? { id: docId } : { documentId: docId };
  const row = await findDocumentWithVisibility(deps.db, where, documentVisibility(actor));
  if (!row) throw notFound('Document not found.');
  if (!row.visible || !canOpenSigning(actor, row.document)) {
    throw forbidden('You cannot sign this document.');
  }
  return linkResponse(row.document, await embeddedLink(deps, row.document, 'portal'));
}

/** A new Pending attestation of a center-type account (or of someone signing up), not mailed. */
async function createAttestation(
  deps: DocumentsDeps,
  input: {
    signer: { userId: number | null; name: string; email: string; company: string };
    channel: 'portal' | 'harvest-center';
    createdBy: number | null;
    origin: RequestOrigin;
  },
): Promise<DocumentRow> {
  const { db, storage, provider } = deps;
  const documentId = newDocumentId();
  const createdAt = new Date();
  // A center signs the portal's attestation (the admin's replacement if any), never another center's.
  const template = await resolveTemplate(db, 'attestation', null);
  let original: { key: string; sha256: string } | null = null;
  let providerDocumentId: string | null = null;
  if (provider.kind === 'builtin') {
    original = await storeOriginal(storage, {
      kind: 'attestation',
      title: DOCUMENT_NAMES.attestation,
      documentId,
      signerName: input.signer.name,
      signerEmail: input.signer.email,
      harvestCenterName: input.signer.company || input.signer.name,
      createdAt,
      template,
      signerRole: 'harvest-center',
    });
  } else {
    const started = await provider.createRequest({
      title: DOCUMENT_NAMES.attestation,
      signerName: input.signer.name,
      signerEmail: input.signer.email,
      providerTemplateId: template?.providerTemplateId ?? null,
      embedded: true,
    });
    providerDocumentId = started?.providerDocumentId ?? null;
  }
  try {
    return await db.transaction(async (tx) => {
      const row = await insertDocument(tx, {
        documentId,
        kind: 'attestation',
        name: DOCUMENT_NAMES.attestation,
        source: 'signed',
        party: 'harvest-center',
        patientId: null,
        harvestCenterId: input.signer.userId,
        signerUserId: input.signer.userId,
        signerName: input.signer.name,
        signerEmail: input.signer.email,
        templateId: template?.id ?? null,
        originalKey: original?.key ?? null,
        originalSha256: original?.sha256 ?? null,
        channel: input.channel,
        provider: provider.kind,
        providerDocumentId,
        createdBy: input.createdBy,
        createdAt,
      });
      await insertEvents(tx, row.id, [
        { event: 'created', at: createdAt, by: input.signer.company || input.signer.name, ...input.origin },
      ]);
      return row;
    });
  } catch (error) {
    if (original) await storage.delete(original.key).catch(() => {});
    throw error;
  }
}

function contactAsSigner(account: Contact) {
  return {
    userId: account.id,
    name: `${account.firstName} ${account.lastName}`.trim() || account.email,
    email: account.email,
    company: account.company,
  };
}

/**
 * POST /api/v1/documents/harvest-center/attestation/ (and POST /auth/boldsign/ with a userId): the
 * attestation of a center-type account (4, 9) to sign in the portal's dialog. An HC or staff member
 * for itself, an admin for any of them. A pending one is reused with a fresh link; a signed one
 * is not signed again.
 */
export async function accountAttestationLink(
  deps: DocumentsDeps,
  actor: Actor,
  accountId: number | undefined,
  origin: RequestOrigin,
): Promise<TSignLinkResponse> {
  const targetId = accountId ?? actor.id;
  if (!actor.isAdmin && targetId !== actor.id) throw forbidden('You can sign only your own attestation.');
  await assertAdminReaches(deps.db, actor, targetId);
  const account = await findContact(deps.db, targetId);
  if (!account) throw notFound('Account not found.');
  if (!signsOwnAttestation(account)) {
    throw badRequest('Only harvest centers and their staff sign an attestation of their own.', {
      harvest_center_id: 'Choose a harvest center or a staff member.',
    });
  }
  const existing = await findOwnAttestation(deps.db, account.id);
  if (existing?.document.status === 'Completed') {
    throw new AppError(409, 'This attestation has already been signed.');
  }
  const document =
    existing?.document ??
    (await createAttestation(deps, {
      signer: contactAsSigner(account),
      channel: 'portal',
      createdBy: personOf(actor),
      origin,
    }));
  return linkResponse(document, await embeddedLink(deps, document, 'portal'));
}

/** Sign-up attestations per address and per e-mail an hour: enough for retries, not for a flood. */
const SIGNUP_LIMIT_PER_IP = 10;
const SIGNUP_LIMIT_PER_EMAIL = 5;
const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
const SIGNUP_ATTESTATION = 'document.signup_attestation';
export const SIGNUP_THROTTLED_MESSAGE = 'Too many signing requests. Please wait an hour and try again.';

async function isSignupAttestationAllowed(db: Db, ip: string, email: string): Promise<boolean> {
  const byIp = await countRecentFromIp(db, SIGNUP_ATTESTATION, SIGNUP_WINDOW_MS, ip);
  const byEmail = await countRecentForEmail(db, SIGNUP_ATTESTATION, SIGNUP_WINDOW_MS, email);
  return byIp < SIGNUP_LIMIT_PER_IP && byEmail < SIGNUP_LIMIT_PER_EMAIL;
}

/**
 * POST /auth/boldsign/ (name, email, userId, docId), answered by the built-in service:
 * - docId: a fresh link for that Pending document, to someone who may sign it (signed in), or to
 *   the person signing up whose e-mail it names (a sign-up attestation only);
 * - userId: the attestation of that account (the caller's own, or any for an admin);
 * - neither: the HC sign-up, step 2 (public, throttled): a new attestation for name and e-mail,
 *   which lands on /hc-signed-completed-message when signed.
 */
export async function embeddedSigning(
  deps: DocumentsDeps,
  actor: Actor | null,
  body: { name: string; email: string; userId?: number | null; docId?: string | null },
  origin: RequestOrigin,
): Promise<TSignLinkResponse> {
  if (body.docId) {
    if (actor) {
      const row = await findDocumentWithVisibility(
        deps.db,
        { documentId: body.docId },
        documentVisibility(actor),
      );
      if (row?.visible && canOpenSigning(actor, row.document)) {
        return linkResponse(row.document, await embeddedLink(deps, row.document, 'portal'));
      }
    }
    const document = await findDocumentByPublicId(deps.db, body.docId);
    const isOwnSignup =
      document?.party === 'harvest-center' &&
      document.signerUserId === null &&
      document.signerEmail.toLowerCase() === body.email.trim().toLowerCase();
    if (!document || !isOwnSignup) throw notFound('Document not found.');
    return linkResponse(document, await embeddedLink(deps, document, 'harvest-center'));
  }
  if (body.userId) {
    if (!actor) throw forbidden('Sign in to sign for an account.');
    return accountAttestationLink(deps, actor, body.userId, origin);
  }
  const email = body.email.trim();
  const ip = origin.ip ?? '';
  if (!(await isSignupAttestationAllowed(deps.db, ip, email)))
    throw new AppError(429, SIGNUP_THROTTLED_MESSAGE);
  const document = await createAttestation(deps, {
    signer: { userId: null, name: body.name.trim(), email, company: '' },
    channel: 'harvest-center',
    createdBy: actor?.id ?? null,
    origin,
  });
  await recordAudit(deps.db, actor ? identityOf(actor, { ip }) : visitorIdentity(ip), {
    action: SIGNUP_ATTESTATION,
    email,
    detail: { document_id: document.documentId },
  });
  return linkResponse(document, await embeddedLink(deps, document, 'harvest-center'));
}

/**
 * GET /auth/boldsign/?documentId=&name=: a completed attestation becomes a template (once; asking
 * again answers the same one). Allowed to its signer (signed in, or by e-mail), to admins, and,
 * for a sign-up attestation (no account yet), to whoever holds its unguessable id: the person who
 * just signed it, whose registration then claims the template.
 */
export async function templateFromCompletedAttestation(
  deps: DocumentsDeps,
  actor: Actor | null,
  query: { documentId: string; name?: string },
): Promise<{ templateId: string; docId: string }> {
  const document = await findDocumentByPublicId(deps.db, query.documentId);
  const isAttestation = document?.kind === 'attestation' && document.party === 'harvest-center';
  const mayUse =
    document !== undefined &&
    (actor
      ? actor.isAdmin ||
        document.signerUserId === actor.id ||
        document.signerEmail.toLowerCase() === actor.email.toLowerCase() ||
        document.signerUserId === null
      : document.signerUserId === null);
  if (!document || !isAttestation || !mayUse) throw notFound('Document not found.');
  if (document.status !== 'Completed') throw new AppError(409, 'This attestation is not signed yet.');
  const template = await deps.db.transaction(async (tx) => {
    const made = await templateFromAttestation(tx, document, document.signerUserId, query.name);
    if (document.signerUserId !== null) {
      const signer = await findContact(tx, document.signerUserId);
      if (signer && !signer.templateId) {
        await recordSignedAttestation(tx, signer.id, {
          templateId: made.id,
          documentId: document.documentId,
        });
      }
    }
    return made;
  });
  return { templateId: template.id, docId: document.documentId };
}

/**
 * The HC sign-up's attestation, signed before its account existed, given to the new account in the
 * sign-up's transaction `tx` (the open-account flow): refused unless it is the one this e-mail
 * signed, Completed and not claimed before.
 */
export async function claimAttestationOfSignUp(
  tx: Db,
  input: { documentId: string; templateId: string; email: string; userId: number },
): Promise<void> {
  if (!(await claimSignupAttestation(tx, input))) {
    throw badRequest(SIGN_UP_ATTESTATION_MESSAGE, { document_id: SIGN_UP_ATTESTATION_MESSAGE });
  }
}

/**
 * The same check for a sign-up that makes no account (its e-mail already had one): refused exactly
 * as claimAttestationOfSignUp refuses, so the answer does not tell the two apart; nothing is claimed.
 */
export async function checkAttestationOfSignUp(
  db: Db,
  input: { documentId: string; templateId: string; email: string },
): Promise<void> {
  if (!(await isSignupAttestationClaimable(db, input))) {
    throw badRequest(SIGN_UP_ATTESTATION_MESSAGE, { document_id: SIGN_UP_ATTESTATION_MESSAGE });
  }
}
