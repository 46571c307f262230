import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PatientVialsProps } from '../features/patients/components/patient-vials-slot.ts';

// Loaded with the first patient form opened: the vials screens stay out of the main chunk.
const VialsSection = lazy(() =>
  import('../features/vials/components/vials-section.tsx').then((m) => ({ default: m.VialsSection })),
);

/** The vials section of the patient form (the patients feature's PatientVialsSlot). */
export function PatientFormVials({ patientId, readOnly }: PatientVialsProps) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" />
        </Center>
      }
    >
      <VialsSection patientId={patientId} readOnly={readOnly} title="Vials" />
    </Suspense>
  );
}
