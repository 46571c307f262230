import type { TDocumentListQuery, TDocumentPage, TPatientDocumentsResponse } from '@portal/shared/documents';
import type { Actor } from '../../auth/actor.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import {
  assertAdminReaches,
  requireHarvestCenterForStaffList,
  requireVisiblePatient,
} from '../accounts/lookups.ts';
import { documentJson, documentsJson } from './document-json.ts';
import { documentVisibility } from './document-visibility.repository.ts';
import { signsOwnAttestation } from './documents.policy.ts';
import {
  findContact,
  findOwnAttestation,
  findPatientDocuments,
  listDocuments,
} from './documents.repository.ts';
import type { DocumentsDeps } from './documents-deps.ts';
import { signedMediaPath } from './media-urls.ts';

/**
 * GET /api/v1/documents/list/{patient id}/: the patient's documents table (part 1 §4): the newest
 * document of each kind that is not Voided. 404 unknown patient, 403 a patient the caller cannot see.
 */
export async function patientDocuments(
  deps: DocumentsDeps,
  actor: Actor,
  patientId: number,
): Promise<TPatientDocumentsResponse> {
  await requireVisiblePatient(deps.db, actor, patientId);
  const rows = await findPatientDocuments(deps.db, patientId);
  const newest = (kind: string) => rows.find((r) => r.document.kind === kind);
  const picked = [newest('attestation'), newest('processing'), newest('storage')];
  const json = await documentsJson(
    deps,
    picked.filter((r) => r !== undefined),
  );
  const byKind = new Map(json.map((d) => [d.kind, d]));
  return {
    success: true,
    attestation: byKind.get('attestation') ?? null,
    processing: byKind.get('processing') ?? null,
    storage: byKind.get('storage') ?? null,
  };
}

/** The patients a page of documents shows (its listing's audit row, decision 028). */
export function documentPatientIds(page: TDocumentPage): (number | undefined)[] {
  return page.results.map((document) => document.patient_desc?.id);
}

async function page(
  deps: DocumentsDeps,
  result: Awaited<ReturnType<typeof listDocuments>>,
): Promise<TDocumentPage> {
  return { count: result.count, results: await documentsJson(deps, result.rows) };
}

/** GET /api/admin/documents/: every document, filtered and paged in SQL. */
export async function adminDocuments(
  deps: DocumentsDeps,
  actor: Actor,
  query: TDocumentListQuery,
): Promise<TDocumentPage> {
  return page(deps, await listDocuments(deps.db, documentVisibility(actor), query));
}

/** GET /api/v1/harvest-centers/{id}/documentList/: the patients' documents a center requested (/patients-signatures). */
export async function centerDocuments(
  deps: DocumentsDeps,
  actor: Actor,
  harvestCenterId: number,
  query: TDocumentListQuery,
): Promise<TDocumentPage> {
  await requireHarvestCenterForStaffList(deps.db, actor, harvestCenterId);
  return page(
    deps,
    await listDocuments(deps.db, documentVisibility(actor), query, { harvestCenterId, party: 'patient' }),
  );
}

/**
 * GET /api/v1/documents/harvest-center/{id}/attestation/: the own attestation of a center-type
 * account (4, 9), for that account and admins, with a signed link to its file once signed.
 */
export async function accountAttestation(deps: DocumentsDeps, actor: Actor, accountId: number) {
  const account = await findContact(deps.db, accountId);
  if (!account || !signsOwnAttestation(account)) throw notFound('Harvest center not found.');
  if (!actor.isAdmin && actor.id !== accountId)
    throw forbidden('You do not have access to this attestation.');
  await assertAdminReaches(deps.db, actor, accountId);
  const row = await findOwnAttestation(deps.db, accountId);
  if (!row) return { success: false, file: null, document: null };
  const document = await documentJson(deps, row);
  const file =
    row.document.status === 'Completed' && row.document.finalKey
      ? signedMediaPath(await deps.seal.mediaSecret(), row.document.documentId)
      : null;
  return { success: true, file, document };
}
