import { Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LAB_STAGE_LABELS, type TPatient } from '@portal/shared/patients';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { usePatients } from '../api/get-patients.ts';
import { PatientFormModal, type PatientFormTarget } from './patient-form-modal.tsx';

interface PatientListProps {
  title: string;
  /** One of PATIENT_LISTS: which patients, as the server scopes them to the caller. */
  path: string;
  pageSize: number;
  /** Shows 'Add Patient' (admins and harvest centers). */
  canAdd?: boolean;
  /** Extra content beside the title. */
  aside?: ReactNode;
}

const fullName = (patient: TPatient) => `${patient.first_name} ${patient.last_name}`.trim();

const COLUMNS: DataTableColumn<TPatient>[] = [
  { key: 'id', header: 'ID', render: (patient) => patient.id },
  { key: 'name', header: 'Name', render: (patient) => fullName(patient) || '—' },
  { key: 'email', header: 'Email', render: (patient) => patient.email || '—' },
  {
    key: 'hc',
    header: 'Harvest Center',
    render: (patient) => patient.hc_desc[0]?.company || '—',
  },
  {
    key: 'stage',
    header: 'Stage',
    render: (patient) => (
      <Badge variant="light" color="gray">
        {LAB_STAGE_LABELS[patient.lab_stage]}
      </Badge>
    ),
  },
  {
    key: 'vials',
    header: 'Vials',
    render: (patient) => `${patient.vials_available} available / ${patient.vials_shipped} shipped`,
  },
];

/** A server-paged, searchable patient list whose rows open the patient form. */
export function PatientList({ title, path, pageSize, canAdd = false, aside }: PatientListProps) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [target, setTarget] = useState<PatientFormTarget | null>(null);
  const patients = usePatients(path, { page, pageSize, search: debouncedSearch.trim() });

  const columns: DataTableColumn<TPatient>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (patient) => (
        <Button
          size="xs"
          variant="light"
          aria-label={`Open patient ${patient.id}`}
          onClick={() => setTarget({ kind: 'edit', patientId: patient.id })}
        >
          View
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{title}</Title>
        <Group>
          {aside}
          {canAdd && <Button onClick={() => setTarget({ kind: 'add' })}>Add Patient</Button>}
        </Group>
      </Group>
      <TextInput
        label="Search patients"
        placeholder="Name, e-mail, phone or lab id"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <DataTable
        columns={columns}
        rows={patients.data?.results ?? []}
        rowKey={(patient) => patient.id}
        pageSize={pageSize}
        loading={patients.isPending}
        loadingText="Loading patients..."
        server={{ page, total: patients.data?.count ?? 0, onPageChange: setPage }}
      />
      <PatientFormModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
