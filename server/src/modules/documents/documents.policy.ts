import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { patientAccounts } from '../../db/schema/account-links.ts';
import { documents } from '../../db/schema/documents.ts';
import { isLabAccount, type ScopeActor } from '../accounts/roles.ts';
import { inAdminReach, patientScope, staffListScope } from '../accounts/scopes.ts';

/**
 * Who sees and who changes which document (docs/decisions/018-documents-and-e-signature.md).
 * - A patient's agreement: the patient, its harvest center (and the center's staff: in a
 *   staff-access session they act as the center, in their own session they read), the patient's
 *   lab, and admins. Referral centers, sales roles and other patients do not: an agreement is not a
 *   referral or a sale.
 * - A center's own attestation: the account that signs it (HC or HC staff) and admins.
 * Writes (send, upload, void, resend) are for the requesting center and admins.
 */

const qb = new QueryBuilder();
const TRUE = sql`true`;

/** Patients of the caller's patient scope, as an indexable `= ANY(ARRAY(...))` over documents.patient_id. */
function isScopedPatient(actor: ScopeActor): SQL {
  const patients = qb
    .select({ id: patientAccounts.userId })
    .from(patientAccounts)
    .where(patientScope(actor, patientAccounts));
  return sql`${documents.patientId} = ANY(ARRAY(${patients}))`;
}

/** Memberships that may read a patient's agreements at all (the scopes narrow each to its own). */
const PATIENT_DOCUMENT_READERS: readonly number[] = [
  MEMBERSHIP.patient,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.hcStaff,
  MEMBERSHIP.lab,
  MEMBERSHIP.labRouteAccess,
];

/** The documents the caller may see, as a condition over `documents`. */
export function documentVisibility(actor: ScopeActor): SQL {
  if (actor.isAdmin) {
    return actor.domainId === null
      ? TRUE
      : inAdminReach(actor, sql`coalesce(${documents.patientId}, ${documents.harvestCenterId})`);
  }
  const ownAttestation = and(
    eq(documents.party, 'harvest-center'),
    sql`(${documents.signerUserId} = ${actor.id} OR ${documents.harvestCenterId} = ${actor.id})`,
  ) as SQL;
  if (!PATIENT_DOCUMENT_READERS.includes(actor.membershipId)) return ownAttestation;
  let patientSide: SQL;
  if (actor.membershipId === MEMBERSHIP.patient) {
    patientSide = eq(documents.patientId, actor.id);
  } else if (isLabAccount(actor)) {
    patientSide = isScopedPatient(actor);
  } else {
    // A center: its patients now, and the requests it made (also for someone with no account yet).
    patientSide = sql`(${isScopedPatient(actor)} OR ${staffListScope(actor, { id: documents.harvestCenterId })})`;
  }
  return sql`((${documents.party} = 'patient' AND ${patientSide}) OR ${ownAttestation})`;
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
