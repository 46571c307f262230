import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  ALL_PATIENT_FIELDS,
  HC_NEW_PATIENT_FIELDS,
  HC_PATIENT_FIELDS,
  PATIENT_LAB_FIELDS,
  type TPatientField,
} from '@portal/shared/patients';
import type { Actor } from '../../auth/actor.ts';
import { isLabAccount } from '../accounts/roles.ts';

/**
 * The fields of the patient form the caller may change (the patient must be visible to them):
 * admins everything; the patient's lab the lab-tracking fields; the patient's HC its HC fields.
 * Sales roles, RHCs, staff and the patient read only.
 */
export function patientEditableFields(
  actor: Actor,
  patient: { harvestCenterId: number | null },
): TPatientField[] {
  if (actor.isAdmin) return [...ALL_PATIENT_FIELDS];
  if (isLabAccount(actor)) return [...PATIENT_LAB_FIELDS];
  if (actor.membershipId === MEMBERSHIP.harvestCenter && patient.harvestCenterId === actor.id)
    return [...HC_PATIENT_FIELDS];
  return [];
}

/** "Add Patient": admins (any center) and harvest centers (for themselves). */
export function canCreatePatient(actor: Actor): boolean {
  return actor.isAdmin || actor.membershipId === MEMBERSHIP.harvestCenter;
}

/** Fields an HC may fill when it adds a patient (the HC itself is implied). */
export function patientCreateFields(actor: Actor): readonly TPatientField[] {
  return actor.isAdmin ? ALL_PATIENT_FIELDS : [...HC_NEW_PATIENT_FIELDS, 'harvest_center_temporal'];
}
