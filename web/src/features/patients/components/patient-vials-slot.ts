import { type ComponentType, createContext, use } from 'react';

export interface PatientVialsProps {
  patientId: number;
  /** The form is read-only, or the server does not let this user edit the patient's vial records. */
  readOnly: boolean;
}

/**
 * The patient form shows the patient's vials, which belong to the vials feature. A feature does not
 * import another, so the app composes them: it provides the section here (web/src/app/app-layout.tsx).
 */
export const PatientVialsSlot = createContext<ComponentType<PatientVialsProps> | null>(null);

export function usePatientVialsSection(): ComponentType<PatientVialsProps> {
  const section = use(PatientVialsSlot);
  // A missing provider is a wiring mistake: fail loudly rather than hide the patient's vials.
  if (!section) throw new Error('PatientVialsSlot has no provider (web/src/app/app-layout.tsx provides it)');
  return section;
}
