import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { documents } from '../../db/schema/documents.ts';
import { isVisiblePatient } from '../accounts/patient-visibility.repository.ts';
import { isLabAccount, type ScopeActor } from '../accounts/roles.ts';
import { inAdminReach, staffListScope } from '../accounts/scopes.repository.ts';
import { readsPatientAgreements } from './documents.policy.ts';

const TRUE = sql`true`;

/**
 * The documents the caller may see (documents.policy.ts says who, and why), as a condition over
 * `documents` that the lists and the lookups of one document put in their WHERE.
 */
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
  if (!readsPatientAgreements(actor)) return ownAttestation;
  let patientSide: SQL;
  if (actor.membershipId === MEMBERSHIP.patient) {
    patientSide = eq(documents.patientId, actor.id);
  } else if (isLabAccount(actor)) {
    patientSide = isVisiblePatient(actor, documents.patientId);
  } else {
    // A center: its patients now, and the requests it made (also for someone with no account yet).
    patientSide = sql`(${isVisiblePatient(actor, documents.patientId)} OR ${staffListScope(actor, { id: documents.harvestCenterId })})`;
  }
  return sql`((${documents.party} = 'patient' AND ${patientSide}) OR ${ownAttestation})`;
}
