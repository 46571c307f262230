import type { Actor } from '../../auth/actor.ts';
import { isVialWriter } from '../accounts/roles.ts';

/**
 * Vial records (docs/decisions/005-vial-writes.md). Reading follows the patient: whoever may see
 * the patient (patientScope) may read its vials, so a patient reads only its own. Writing is for
 * the people who hold the vials: admins, and lab accounts for patients of their lab (the patient
 * must be visible to the lab, i.e. inside patientScope).
 */
export function canWriteVials(actor: Actor, patientVisible: boolean): boolean {
  return patientVisible && isVialWriter(actor);
}
