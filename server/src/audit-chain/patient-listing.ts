import type { Db } from '../db/client.ts';
import { identityOf, recordAuditGrouped } from './audit-log.ts';

/**
 * Lists that show patients (docs/decisions/028-audit-retention-and-checkpoints.md): a patient's "who
 * saw my record" shows these beside the reads of its record.
 */
export const PATIENT_LISTING_ACTIONS = [
  'patient.listed',
  'vial.listed',
  'document.listed',
  'transaction.listed',
] as const;
export type PatientListingAction = (typeof PATIENT_LISTING_ACTIONS)[number];

/**
 * One audit row for a listing: who listed, acting as whom, from where, which list (its path, as the
 * object) and which patients (`detail.patient_ids`, found by an index; a single patient is also the
 * row's patient). A listing that showed no patient writes nothing. `db` is the app's handle, never a
 * transaction: the row is written beside the listing, not inside it.
 */
export async function recordPatientListing(
  db: Db,
  actor: { id: number; session: { actorUserId: number | null } },
  listing: { action: PatientListingAction; ip: string; path: string },
  patientIds: Iterable<number | null | undefined>,
): Promise<void> {
  const ids = [...new Set([...patientIds].filter((id): id is number => typeof id === 'number'))].sort(
    (a, b) => a - b,
  );
  if (ids.length === 0) return;
  // Grouped with the listings of other requests: a listing changes nothing it must commit with.
  await recordAuditGrouped(db, identityOf(actor, listing), {
    action: listing.action,
    patientId: ids.length === 1 ? ids[0] : null,
    objectType: 'list',
    objectId: listing.path,
    detail: { patient_ids: ids },
  });
}
