import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import type { TPatient } from '@portal/shared/patients';
import { useState } from 'react';
import { patientName, usePatientChoices } from '../api/get-patient-choices.ts';

interface PatientPickerProps {
  harvestCenterId: number;
  value: number | null;
  /** A patient picked (its name and e-mail fill the form), or the choice cleared. */
  onChange: (patient: TPatient | null) => void;
}

/** Optional: one of the harvest center's patients, searched on the server, to fill name and e-mail. */
export function PatientPicker({ harvestCenterId, value, onChange }: PatientPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<TPatient | null>(null);
  const choices = usePatientChoices(harvestCenterId, debounced.trim());
  const patients = choices.data ?? [];
  // The picked patient stays a choice while a new search is typed.
  const options = [...(picked && !patients.some((p) => p.id === picked.id) ? [picked] : []), ...patients];
  return (
    <Select
      label="Patient account (optional)"
      description="Pick one of your patients to fill the name and e-mail."
      placeholder="Search by name or e-mail"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={choices.isFetching ? 'Searching...' : 'No results found'}
      data={options.map((patient) => ({
        value: String(patient.id),
        label: `${patientName(patient) || patient.email} (${patient.email})`,
      }))}
      value={value === null ? null : String(value)}
      onChange={(id) => {
        const patient = options.find((p) => String(p.id) === id) ?? null;
        setPicked(patient);
        onChange(patient);
      }}
      maw={480}
    />
  );
}

/** The patient a request or an upload is for: the optional account pick, then the name and e-mail it fills. */
export function PatientContactFields<Values extends { name: string; email: string }>({
  form,
  harvestCenterId,
  patientId,
  onPatientIdChange,
}: {
  form: UseFormReturnType<Values>;
  harvestCenterId: number;
  patientId: number | null;
  onPatientIdChange: (id: number | null) => void;
}) {
  return (
    <>
      <PatientPicker
        harvestCenterId={harvestCenterId}
        value={patientId}
        onChange={(patient) => {
          onPatientIdChange(patient?.id ?? null);
          if (patient) {
            const name = `${patient.first_name} ${patient.last_name}`.trim();
            form.setValues({ name, email: patient.email } as Partial<Values>);
          }
        }}
      />
      <TextInput label="Patient Name" autoComplete="off" {...form.getInputProps('name')} />
      <TextInput label="Patient Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
    </>
  );
}
