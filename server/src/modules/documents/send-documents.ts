import {
  DOCUMENT_KINDS,
  DOCUMENT_NAMES,
  DOCUMENT_TEXTS,
  SIGNING_REMINDER_DAYS,
  type TDocumentKind,
  type TSendDocumentsBody,
  type TSendDocumentsResponse,
} from '@portal/shared/documents';
import type { Actor } from '../../auth/actor.ts';
import { centerLogoBytes } from '../accounts/center-logo.ts';
import { resolveTemplate, storeOriginal } from './document-files.ts';
import { newDocumentId } from './document-ids.ts';
import { documentsJson } from './document-json.ts';
import { queueSigningRequestMail } from './document-mails.ts';
import {
  type DocumentRow,
  insertDocument,
  insertEvents,
  listDocumentsByIds,
} from './documents.repository.ts';
import type { DocumentsDeps, RequestOrigin } from './documents-deps.ts';
import {
  centerLabel,
  loadRequestingCenter,
  patientAgreementFields,
  type RequestedPatient,
  type RequestingCenter,
  requireRequestingCenter,
  resolveRequestedPatient,
} from './request-parties.ts';
import { createSigningLink } from './signing-links.ts';
import { voidReplacedRequests } from './void-document.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the first reminder of a request mailed at `sentAt` is due. */
export function firstReminderAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + SIGNING_REMINDER_DAYS[0] * DAY_MS);
}

type Prepared = {
  kind: TDocumentKind;
  documentId: string;
  templateId: string | null;
  originalKey: string | null;
  originalSha256: string | null;
  providerDocumentId: string | null;
};

/**
 * POST /api/v1/documents/send/: the three agreements for a patient, each a Pending document with
 * its own mailed link (one mail). A new request replaces the patient's pending ones. The originals
 * are written before the transaction and removed again if it fails.
 */
export async function sendDocuments(
  deps: DocumentsDeps,
  actor: Actor,
  body: TSendDocumentsBody,
  origin: RequestOrigin,
): Promise<TSendDocumentsResponse> {
  const center = await requireRequestingCenter(deps.db, actor, body.harvest_center_id);
  const ids = await sendAgreementsOfCenter(deps, actor, center, body, origin);
  deps.wakeMail();
  const documents = await documentsJson(deps, await listDocumentsByIds(deps.db, ids));
  return { code: 'success', message: DOCUMENT_TEXTS.sent, documents };
}

/** A request's agreements, made ready outside any transaction: their files written or the provider's requests opened. */
export type PreparedAgreements = {
  center: RequestingCenter;
  signer: { name: string; email: string };
  createdAt: Date;
  files: Prepared[];
};

async function sendAgreementsOfCenter(
  deps: DocumentsDeps,
  actor: Actor,
  center: RequestingCenter,
  body: TSendDocumentsBody,
  origin: RequestOrigin,
): Promise<number[]> {
  const patient = await resolveRequestedPatient(deps.db, center, {
    patientId: body.patient_id,
    email: body.email,
  });
  const prepared = await prepareAgreements(deps, center, body);
  try {
    return await deps.db.transaction((tx) =>
      recordAgreements({ ...deps, db: tx }, actor, prepared, patient, origin),
    );
  } catch (error) {
    await discardAgreements(deps, prepared);
    throw error;
  }
}

/**
 * The three agreements for a patient of a harvest center whose right to ask was checked by the
 * caller (the referral checkout of an RHC associated with the center), first step: the originals
 * are written (built-in signing) or the provider's requests opened, before any transaction. The
 * caller records them with recordAgreements in its transaction, or discards them.
 */
export async function prepareAgreementsOnBehalfOfCenter(
  deps: DocumentsDeps,
  harvestCenterId: number,
  signer: { name: string; email: string },
): Promise<PreparedAgreements> {
  return prepareAgreements(deps, await loadRequestingCenter(deps.db, harvestCenterId), signer);
}

/** Writes the originals (or opens the provider's requests); what was written is removed if one fails. */
async function prepareAgreements(
  deps: DocumentsDeps,
  center: RequestingCenter,
  signerInput: { name: string; email: string },
): Promise<PreparedAgreements> {
  const { db, storage, provider } = deps;
  const signer = { name: signerInput.name.trim(), email: signerInput.email.trim() };
  const createdAt = new Date();
  const harvestCenterLogo = await centerLogoBytes(db, storage, center.id);
  const files: Prepared[] = [];
  const prepared = { center, signer, createdAt, files };
  try {
    for (const kind of DOCUMENT_KINDS) {
      const documentId = newDocumentId();
      const template = await resolveTemplate(db, kind, center.templateId);
      if (provider.kind === 'builtin') {
        const original = await storeOriginal(storage, {
          kind,
          title: DOCUMENT_NAMES[kind],
          documentId,
          signerName: signer.name,
          signerEmail: signer.email,
          harvestCenterName: centerLabel(center),
          createdAt,
          template,
          harvestCenterLogo,
        });
        files.push({
          kind,
          documentId,
          templateId: template?.id ?? null,
          originalKey: original.key,
          originalSha256: original.sha256,
          providerDocumentId: null,
        });
      } else {
        const started = await provider.createRequest({
          title: DOCUMENT_NAMES[kind],
          signerName: signer.name,
          signerEmail: signer.email,
          providerTemplateId: template?.providerTemplateId ?? null,
        });
        files.push({
          kind,
          documentId,
          templateId: template?.id ?? null,
          originalKey: null,
          originalSha256: null,
          providerDocumentId: started?.providerDocumentId ?? null,
        });
      }
    }
    return prepared;
  } catch (error) {
    await discardAgreements(deps, prepared);
    throw error;
  }
}

/** Removes the originals of prepared agreements that will not be recorded. */
export async function discardAgreements(
  deps: Pick<DocumentsDeps, 'storage'>,
  prepared: PreparedAgreements,
): Promise<void> {
  await Promise.all(
    prepared.files.map((p) => (p.originalKey ? deps.storage.delete(p.originalKey) : undefined)),
  ).catch(() => {});
}

/**
 * Records prepared agreements as Pending documents, each with its signing link (one mail), and voids
 * the patient's pending ones they replace. `deps.db` is the caller's transaction; the caller wakes
 * the mail worker once it has committed.
 */
export async function recordAgreements(
  deps: DocumentsDeps,
  actor: Actor,
  prepared: PreparedAgreements,
  patient: RequestedPatient,
  origin: RequestOrigin,
): Promise<number[]> {
  const { db: tx, provider } = deps;
  const { center, signer, createdAt } = prepared;
  await voidReplacedRequests(tx, {
    harvestCenterId: center.id,
    patientId: patient?.id ?? null,
    signerEmail: signer.email,
    kinds: [...DOCUMENT_KINDS],
    by: centerLabel(center),
    origin,
  });
  const rows: DocumentRow[] = [];
  const links: { kind: TDocumentKind; url: string }[] = [];
  for (const p of prepared.files) {
    const row = await insertDocument(tx, {
      ...patientAgreementFields(p.kind, { center, patient, signer }, actor),
      documentId: p.documentId,
      source: 'signed',
      templateId: p.templateId,
      originalKey: p.originalKey,
      originalSha256: p.originalSha256,
      channel: 'email',
      provider: provider.kind,
      providerDocumentId: p.providerDocumentId,
      createdAt,
      sentAt: createdAt,
      // The provider reminds its own signers; the portal reminds for the built-in service.
      nextReminderAt: provider.kind === 'builtin' ? firstReminderAt(createdAt) : null,
    });
    await insertEvents(tx, row.id, [
      { event: 'created', at: createdAt, by: centerLabel(center), ...origin },
      { event: 'sent', at: createdAt, by: 'Portal' },
    ]);
    if (provider.kind === 'builtin') {
      links.push({ kind: p.kind, url: (await createSigningLink(tx, row, 'email', deps.publicUrl)).url });
    }
    rows.push(row);
  }
  if (links.length > 0) {
    await queueSigningRequestMail(tx, {
      to: signer.email,
      signerName: signer.name,
      centerName: centerLabel(center),
      links,
    });
  }
  return rows.map((r) => r.id);
}
