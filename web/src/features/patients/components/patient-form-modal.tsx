import { Center, Loader, Modal } from '@mantine/core';
import { QueryLoadError } from '../../../components/load-error.tsx';
import { usePatient } from '../api/get-patient.ts';
import { PatientForm } from './patient-form.tsx';

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
        {target?.kind === 'add' && <PatientForm patient={null} onDone={onClose} />}
        {target?.kind === 'edit' && <EditPatient patientId={target.patientId} onDone={onClose} />}
      </Modal>
    </Modal.Stack>
  );
}

function EditPatient({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const patient = usePatient(patientId);
  if (patient.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (patient.isError) return <QueryLoadError query={patient} what="the patient" />;
  // Keyed by patient: a form starts from the values it opened with.
  return <PatientForm key={patient.data.id} patient={patient.data} onDone={onDone} />;
}
