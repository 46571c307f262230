import { lazy } from 'react';
import type { PatientSigningProps } from '../features/users/components/patient-signing-slot.ts';

// Loaded with the first opening: the admin's dashboard does not carry the documents table until then.
const PatientDocumentsTable = lazy(() =>
  import('../features/documents/components/patient-documents-table.tsx').then((m) => ({
    default: m.PatientDocumentsTable,
  })),
);

/**
 * The users feature's PatientSigningSlot (the admin's "Sign Document" for a patient): the patient's
 * agreements, Sign on the Pending ones, and a sentence when none waits. The modal holds the Suspense.
 */
export function PatientSigning({ patientId }: PatientSigningProps) {
  return <PatientDocumentsTable patientId={patientId} canSign sayWhenNothingToSign />;
}
