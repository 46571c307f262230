import { type ComponentType, createContext, use } from 'react';

export interface PatientSigningProps {
  patientId: number;
}

/**
 * The admin's "Sign Document" for a patient shows the patient's agreements with Sign on the Pending
 * ones: the documents feature's table and signing dialog. A feature does not import another, so the
 * app provides it here (web/src/app/app-layout.tsx), as with PatientVialsSlot.
 */
export const PatientSigningSlot = createContext<ComponentType<PatientSigningProps> | null>(null);

export function usePatientSigning(): ComponentType<PatientSigningProps> {
  const section = use(PatientSigningSlot);
  if (!section)
    throw new Error('PatientSigningSlot has no provider (web/src/app/app-layout.tsx provides it)');
  return section;
}
