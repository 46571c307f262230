import { Alert, Button, Divider, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { TPatientDetail, TPatientField } from '@portal/shared/patients';
import { useMemo, useState } from 'react';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useCreatePatient, useUpdatePatient } from '../api/save-patient.ts';
import { PatientCenterFields } from './patient-center-fields.tsx';
import {
  creatableFields,
  createBody,
  initialValues,
  showsPatientIdentity,
  updateBody,
  ZPatientForm,
} from './patient-form-values.ts';
import { PatientLabFields } from './patient-lab-fields.tsx';
import { usePatientVialsSection } from './patient-vials-slot.ts';

interface PatientFormProps {
  /** The patient to edit (with the fields the caller may change); null adds a new patient. */
  patient: TPatientDetail | null;
  onDone: () => void;
}

/**
 * The patient form of part 1 §2-§5, for adding and editing. The server says which fields the caller may
 * change; the others are shown locked. With none, the form is read-only and so is its vials section.
 */
export function PatientForm({ patient, onDone }: PatientFormProps) {
  const user = useSignedInUser();
  const [before] = useState(() => initialValues(patient));
  const form = useSchemaForm(ZPatientForm, before);
  const editable = useMemo<ReadonlySet<TPatientField>>(
    () => (patient ? new Set(patient.editable_fields as TPatientField[]) : creatableFields(user)),
    [patient, user],
  );
  const readOnly = editable.size === 0;
  const showIdentity = showsPatientIdentity(user);
  const create = useCreatePatient();
  const update = useUpdatePatient(patient?.id ?? 0);
  const locked = (field: TPatientField) => !editable.has(field);
  const VialsSection = usePatientVialsSection();

  const submit = form.onSubmit((values) => {
    const onError = (error: Error) => setServerErrors(form, error);
    if (patient) update.mutate(updateBody(values, before, editable), { onSuccess: onDone, onError });
    else create.mutate(createBody(values, editable), { onSuccess: onDone, onError });
  });

  return (
    <Stack gap="lg">
      {readOnly && (
        <Alert color="gray" variant="light">
          You can view this patient's data but not change it.
        </Alert>
      )}
      <form onSubmit={submit}>
        <Stack gap="lg">
          {showIdentity && (
            <Stack gap="sm">
              <Title order={4}>Patient</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="First Name"
                  disabled={locked('first_name')}
                  {...form.getInputProps('first_name')}
                />
                <TextInput
                  label="Last Name"
                  disabled={locked('last_name')}
                  {...form.getInputProps('last_name')}
                />
                <TextInput
                  label="Email"
                  type="email"
                  disabled={locked('email')}
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label="Phone Number"
                  disabled={locked('phone_number')}
                  {...form.getInputProps('phone_number')}
                />
              </SimpleGrid>
            </Stack>
          )}
          <PatientCenterFields form={form} patient={patient} editable={editable} />
          <PatientLabFields form={form} editable={editable} />
          {/* A failed save's notification keeps the spec's words ('Looks like something went wrong');
              this says what went wrong, in the server's (a failed add's notification already does). */}
          <FormAlert error={update.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {readOnly ? 'Close' : 'Cancel'}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={create.isPending || update.isPending}>
                {patient ? 'Save' : 'Add Patient'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {/* Outside the form: vial records are saved on their own, from their own modal. */}
      {patient && (
        <>
          <Divider />
          <VialsSection patientId={patient.id} readOnly={readOnly || !patient.can_edit_vials} />
        </>
      )}
    </Stack>
  );
}
