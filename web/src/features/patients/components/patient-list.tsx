import { Badge, Button, Group, Select, Stack, Title } from '@mantine/core';
import { LAB_STAGE_LABELS, LAB_STAGES, type TLabStage, type TPatient } from '@portal/shared/patients';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { ResendInvitationButton } from '../../../components/resend-invitation-button.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { usePatients } from '../api/get-patients.ts';
import { PatientFormModal, type PatientFormTarget } from './patient-form-modal.tsx';
import { showsPatientIdentity } from './patient-form-values.ts';

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

const IDENTITY_COLUMNS: DataTableColumn<TPatient>[] = [
  { key: 'name', header: 'Name', render: (patient) => fullName(patient) || '—' },
  { key: 'email', header: 'Email', render: (patient) => patient.email || '—' },
];

const COLUMNS: DataTableColumn<TPatient>[] = [
  { key: 'lab_id', header: 'Lab ID', render: (patient) => patient.lab_id || '—' },
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

const STAGE_OPTIONS = [
  { value: '', label: 'All stages' },
  ...LAB_STAGES.map((stage) => ({ value: stage, label: LAB_STAGE_LABELS[stage] })),
];

const isLabStage = (value: string | null): value is TLabStage =>
  (LAB_STAGES as readonly (string | null)[]).includes(value);

/**
 * The stage filter, kept in the address (?stage=ready) so a dashboard card can open the list
 * filtered and the filtered list can be bookmarked.
 */
function useStageFilter(onChange: () => void) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('stage');
  const stage = isLabStage(raw) ? raw : null;
  const setStage = (next: string | null) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (isLabStage(next)) updated.set('stage', next);
        else updated.delete('stage');
        return updated;
      },
      { replace: true },
    );
    onChange();
  };
  return [stage, setStage] as const;
}

/** A server-paged, searchable patient list, filtered by stage, whose rows open the patient form. */
export function PatientList({
  title,
  titleOrder = 2,
  path,
  pageSize,
  canAdd = false,
  aside,
}: PatientListProps) {
  const table = useTableSearch();
  const [stage, setStage] = useStageFilter(() => table.setPage(1));
  const [target, setTarget] = useState<PatientFormTarget | null>(null);
  const patients = usePatients(path, {
    page: table.page,
    pageSize,
    search: table.debouncedSearch.trim(),
    stage,
  });

  // Sales reps see neither name nor e-mail (part 1 §5): the API leaves them out, the list its columns.
  const showIdentity = showsPatientIdentity(useSignedInUser());
  const columns: DataTableColumn<TPatient>[] = [
    { key: 'id', header: 'ID', render: (patient) => patient.id },
    ...(showIdentity ? IDENTITY_COLUMNS : []),
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (patient) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            aria-label={`View patient ${patient.id}`}
            onClick={() => setTarget({ kind: 'edit', patientId: patient.id })}
          >
            View
          </Button>
          {/* Whoever adds patients may invite them again (the server: admins, the patient's HC), until
              the first sign-in (afterwards "Forgot Password?" is the way). */}
          {canAdd && patient.is_active && !patient.has_signed_in && (
            <ResendInvitationButton userId={patient.id} label={patient.email} />
          )}
        </Group>
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
      <Group align="flex-end">
        <TableSearchInput
          table={table}
          label="Search patients"
          placeholder={showIdentity ? 'Name, e-mail, phone or lab id' : 'Lab id'}
        />
        <Select
          label="Stage"
          data={STAGE_OPTIONS}
          value={stage ?? ''}
          onChange={setStage}
          allowDeselect={false}
          maw={240}
        />
      </Group>
      <PagedDataTable
        columns={columns}
        query={patients}
        paging={table}
        rowKey={(patient) => patient.id}
        pageSize={pageSize}
        loadingText="Loading patients..."
        emptyHint={
          canAdd
            ? 'Add a patient with Add Patient: they get an e-mail to set their password.'
            : 'Patients appear here once a harvest center adds them.'
        }
      />
      <PatientFormModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
