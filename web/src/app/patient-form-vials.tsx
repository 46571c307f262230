import { Center, Loader, Stack } from '@mantine/core';
import { ADMIN_MEMBERSHIPS, MEMBERSHIP } from '@portal/shared/memberships';
import { lazy, Suspense } from 'react';
import type { PatientVialsProps } from '../features/patients/components/patient-vials-slot.ts';
import { useSignedInUser } from '../lib/use-current-user.ts';

// Loaded with the first patient form opened: the vials and documents screens stay out of the main chunk.
const VialsSection = lazy(() =>
  import('../features/vials/components/vials-section.tsx').then((m) => ({ default: m.VialsSection })),
);
const PatientDocumentsTable = lazy(() =>
  import('../features/documents/components/patient-documents-table.tsx').then((m) => ({
    default: m.PatientDocumentsTable,
  })),
);

/**
 * Who sees a patient's documents in the patient form (part 1 §4 and the server's documents policy):
 * admins, the patient's harvest center (HC staff act as it) and the lab. Sales roles and referral
 * centers open the form too, but the documents are not theirs to see.
 */
const DOCUMENT_VIEWERS: readonly number[] = [...ADMIN_MEMBERSHIPS, MEMBERSHIP.harvestCenter, MEMBERSHIP.lab];

/**
 * The foot of the patient form (the patients feature's PatientVialsSlot): the patient's vials, then
 * its agreements for those allowed to see them; the harvest center may sign a Pending one with the
 * patient in person.
 */
export function PatientFormVials({ patientId, readOnly }: PatientVialsProps) {
  const membership = useSignedInUser().membership[0]?.id ?? 0;
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" />
        </Center>
      }
    >
      <Stack gap="lg">
        <VialsSection patientId={patientId} readOnly={readOnly} title="Vials" />
        {DOCUMENT_VIEWERS.includes(membership) && (
          <PatientDocumentsTable patientId={patientId} canSign={membership === MEMBERSHIP.harvestCenter} />
        )}
      </Stack>
    </Suspense>
  );
}
