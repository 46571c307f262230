import { Center, Loader, Modal } from '@mantine/core';
import type { TVialRecord } from '@portal/shared/vials';
import { lazy, Suspense } from 'react';

// The form (a date picker, a number input) loads with the first opening: the screens that list
// vials, the patient's dashboard among them, do not carry it until someone adds or edits a record.
const VialRecordForm = lazy(() =>
  import('./vial-record-form.tsx').then((m) => ({ default: m.VialRecordForm })),
);

interface VialRecordModalProps {
  patientId: number;
  /** The record to edit; without, a new one. */
  record: TVialRecord | null;
  opened: boolean;
  onClose: () => void;
}

/** Adds or edits one vial movement (part 1 §3: type, quantity, date, note, tracking id when shipped). */
export function VialRecordModal({ patientId, record, opened, onClose }: VialRecordModalProps) {
  return (
    // In a stack when opened from the patient form (its Modal.Stack), so Escape closes only this one.
    <Modal
      stackId="vial-record"
      opened={opened}
      onClose={onClose}
      title={record ? 'Edit vials record' : 'Add vials record'}
    >
      {/* Mounted only while open, so each opening starts from the record (or a blank one). */}
      {opened && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader />
            </Center>
          }
        >
          <VialRecordForm patientId={patientId} record={record} onDone={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
