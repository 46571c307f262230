import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { LAB_STAGE_LABELS, type TPatient } from '@portal/shared/patients';
import { type ReactNode, useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { usePatients } from '../api/get-patients.ts';
import { PatientFormModal, type PatientFormTarget } from './patient-form-modal.tsx';

interface PatientListProps {
  title: string;
  /** 1 when the list is the page (its title is the page's h1); 2 under a dashboard's heading. */
  titleOrder?: 1 | 2;
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
export function PatientList({
  title,
  titleOrder = 2,
  path,
  pageSize,
  canAdd = false,
  aside,
}: PatientListProps) {
  const table = useTableSearch();
  const [target, setTarget] = useState<PatientFormTarget | null>(null);
  const patients = usePatients(path, { page: table.page, pageSize, search: table.debouncedSearch.trim() });

  const columns: DataTableColumn<TPatient>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (patient) => (
        <Button
          size="xs"
          variant="light"
          aria-label={`View patient ${patient.id}`}
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
        <Title order={titleOrder}>{title}</Title>
        <Group>
          {aside}
          {canAdd && <Button onClick={() => setTarget({ kind: 'add' })}>Add Patient</Button>}
        </Group>
      </Group>
      <TableSearchInput table={table} label="Search patients" placeholder="Name, e-mail, phone or lab id" />
      <PagedDataTable
        columns={columns}
        query={patients}
        paging={table}
        rowKey={(patient) => patient.id}
        pageSize={pageSize}
        loadingText="Loading patients..."
      />
      <PatientFormModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
