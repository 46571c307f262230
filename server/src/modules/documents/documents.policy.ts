import { MEMBERSHIP } from '@portal/shared/memberships';
import type { ScopeActor } from '../accounts/roles.ts';

/**
 * Who sees and who changes which document (docs/decisions/018-documents-and-e-signature.md).
 * - A patient's agreement: the patient, its harvest center (and the center's staff: in a
 *   staff-access session they act as the center, in their own session they read), the patient's
 *   lab, and admins. Referral centers, sales roles and other patients do not: an agreement is not a
 *   referral or a sale.
 * - A center's own attestation: the account that signs it (HC or HC staff) and admins.
 * Writes (send, upload, void, resend) are for the requesting center and admins.
 * The reading rule in SQL, for lists and lookups, is document-visibility.repository.ts.
 */

/** Memberships that may read a patient's agreements at all (the scopes narrow each to its own). */
const PATIENT_DOCUMENT_READERS: readonly number[] = [
  MEMBERSHIP.patient,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.hcStaff,
  MEMBERSHIP.lab,
  MEMBERSHIP.labRouteAccess,
];

/** Whether the caller may read patients' agreements at all (document-visibility.repository.ts narrows it). */
export function readsPatientAgreements(actor: { membershipId: number }): boolean {
  return PATIENT_DOCUMENT_READERS.includes(actor.membershipId);
}

/** Who manages a request (void, resend, rename, delete an upload): the requesting center and admins. */
export function canManageDocument(actor: ScopeActor, document: { harvestCenterId: number | null }): boolean {
  if (actor.isAdmin) return true;
  return actor.membershipId === MEMBERSHIP.harvestCenter && document.harvestCenterId === actor.id;
}

/**
 * Who may open the signing page of a Pending document inside the portal: the signer (the patient,
 * or the account signing its own attestation), the requesting center (signing in person) and admins.
 */
export function canOpenSigning(
  actor: ScopeActor,
  document: { patientId: number | null; harvestCenterId: number | null; signerUserId: number | null },
): boolean {
  if (actor.isAdmin) return true;
  if (document.signerUserId === actor.id || document.patientId === actor.id) return true;
  return actor.membershipId === MEMBERSHIP.harvestCenter && document.harvestCenterId === actor.id;
}

/** Sending and uploading for a center: admins for any center, a center for itself. */
export function canRequestFor(actor: ScopeActor, harvestCenterId: number): boolean {
  return actor.isAdmin || (actor.membershipId === MEMBERSHIP.harvestCenter && actor.id === harvestCenterId);
}

/** A center's own attestation is signed by HC-type accounts (memberships 4 and 9, part 1 §4). */
export function signsOwnAttestation(account: { membershipId: number }): boolean {
  return account.membershipId === MEMBERSHIP.harvestCenter || account.membershipId === MEMBERSHIP.hcStaff;
}
