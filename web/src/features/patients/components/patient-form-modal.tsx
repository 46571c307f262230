import { Anchor, Center, Loader, Modal } from '@mantine/core';
import { type MembershipId, TIMELINE_READER_MEMBERSHIPS } from '@portal/shared/memberships';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { QueryLoadError } from '../../../components/load-error.tsx';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { usePatient } from '../api/get-patient.ts';
import { showsPatientIdentity } from './patient-form-values.ts';
import { PatientReadOnlyView } from './patient-read-only-view.tsx';

// The form (date pickers, number inputs, the lab's fields) loads with the first opening: the lists
// that open it, a harvest center's dashboard among them, do not carry it until someone adds or edits.
const PatientForm = lazy(() => import('./patient-form.tsx').then((m) => ({ default: m.PatientForm })));

function FormLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

export type PatientFormTarget = { kind: 'add' } | { kind: 'edit'; patientId: number };

interface PatientFormModalProps {
  /** What to open; null keeps the modal closed. */
  target: PatientFormTarget | null;
  onClose: () => void;
}

/** "Add Patient" and the patient's data form, as a modal over the list it was opened from. */
export function PatientFormModal({ target, onClose }: PatientFormModalProps) {
  return (
    // A stack: the vial record modal opens over this one, and Escape closes only the top one.
    <Modal.Stack>
      <Modal
        stackId="patient-form"
        opened={target !== null}
        onClose={onClose}
        size="xl"
        title={target?.kind === 'add' ? 'Add Patient' : 'Patient Data'}
      >
        <Suspense fallback={<FormLoader />}>
          {target?.kind === 'add' && <PatientForm patient={null} onDone={onClose} />}
          {target?.kind === 'edit' && <EditPatient patientId={target.patientId} onDone={onClose} />}
        </Suspense>
      </Modal>
    </Modal.Stack>
  );
}

/** The patient's timeline, for those who read it (part of issue 16's chain of custody). */
function TimelineLink({ patientId }: { patientId: number }) {
  const user = useSignedInUser();
  if (!TIMELINE_READER_MEMBERSHIPS.includes(user.membership[0]?.id as MembershipId)) return null;
  return (
    <Anchor component={Link} to={`/patients/${patientId}/timeline`} size="sm" display="block" mb="sm">
      Timeline and chain of custody
    </Anchor>
  );
}

function EditPatient({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const user = useSignedInUser();
  const patient = usePatient(patientId);
  if (patient.isPending) return <FormLoader />;
  if (patient.isError) return <QueryLoadError query={patient} what="the patient" />;
  // Nothing to change: the patient reads as text, not as a form of disabled fields.
  if (patient.data.editable_fields.length === 0) {
    return (
      <>
        <TimelineLink patientId={patientId} />
        <PatientReadOnlyView
          patient={patient.data}
          showIdentity={showsPatientIdentity(user)}
          onDone={onDone}
        />
      </>
    );
  }
  // Keyed by patient: a form starts from the values it opened with.
  return (
    <>
      <TimelineLink patientId={patientId} />
      <PatientForm key={patient.data.id} patient={patient.data} onDone={onDone} />
    </>
  );
}
