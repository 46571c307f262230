import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  AUDIT_TEXTS,
  auditActionLabel,
  auditObjectLabel,
  type TAuditEntry,
  type TAuditFilters,
} from '@portal/shared/audit';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { usePageFor } from '../../../components/table-paging.ts';
import { errorMessage, pageParams } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError } from '../../../lib/notify.ts';
import { AUDIT_KEYS, exportAuditLog, listAuditLog, verifyAuditLog } from '../api/audit-api.ts';

const person = (p: TAuditEntry['actor']) => (p ? `${p.name} (#${p.id})` : '—');

const COLUMNS: DataTableColumn<TAuditEntry>[] = [
  { key: 'time', header: 'Time', render: (e) => formatDateTime(e.created_at) },
  // Words, the code in the tooltip (the Action filter takes codes).
  {
    key: 'action',
    header: 'Action',
    render: (e) => <span title={e.action}>{auditActionLabel(e.action)}</span>,
  },
  { key: 'actor', header: 'Who', render: (e) => person(e.actor) },
  { key: 'acting_as', header: 'Acting as', render: (e) => person(e.acting_as) },
  { key: 'patient', header: 'Patient', render: (e) => person(e.patient) },
  {
    key: 'object',
    header: 'Object',
    render: (e) => auditObjectLabel(e.object_type, e.object_id),
  },
  { key: 'ip', header: 'Address', render: (e) => e.ip || '—' },
];

const EMPTY = { patient: '', actor: '', acting_as: '', action: '', date_after: '', date_before: '' };
type FilterForm = typeof EMPTY;

function toFilters(form: FilterForm): TAuditFilters {
  const id = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined);
  return {
    patient: id(form.patient),
    actor: id(form.actor),
    acting_as: id(form.acting_as),
    action: form.action.trim() || undefined,
    date_after: form.date_after || undefined,
    date_before: form.date_before || undefined,
  };
}

/**
 * /audit-log (admins of the main portal): every read of patient data, every export and change, who
 * did it and as whom, newest first; filtered on the server, exported as CSV, its chain checked.
 */
export function AuditLogPage() {
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [filters, setFilters] = useState<TAuditFilters>({});
  const [page, setPage] = usePageFor(filters);
  const log = useQuery({
    queryKey: [...AUDIT_KEYS.log, filters, page],
    queryFn: () => listAuditLog(filters, pageParams(page, PAGE_SIZE.users)),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () => exportAuditLog(filters),
    onError: (e) => notifyError(errorMessage(e)),
  });
  const verify = useMutation({ mutationFn: verifyAuditLog });
  const field = (name: keyof FilterForm) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setForm({ ...form, [name]: event.currentTarget.value }),
  });
  // A day picked in the one date format; the filter keeps it as 'YYYY-MM-DD'.
  const dayField = (name: 'date_after' | 'date_before') => ({
    clearable: true,
    value: form[name] || null,
    onChange: (day: string | null) => setForm({ ...form, [name]: day ?? '' }),
  });

  return (
    <Stack>
      <Title order={1} size="h2">
        {AUDIT_TEXTS.title}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(toFilters(form));
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Patient ID" inputMode="numeric" {...field('patient')} />
            <TextInput label="Actor ID" inputMode="numeric" {...field('actor')} />
            <TextInput label="Acting as ID" inputMode="numeric" {...field('acting_as')} />
            <TextInput
              label="Action"
              description="e.g. patient.viewed, or patient. for all"
              {...field('action')}
            />
            <DatePickerField label="From" {...dayField('date_after')} />
            <DatePickerField label="To" {...dayField('date_before')} />
          </SimpleGrid>
          <Group justify="space-between">
            <Group>
              <Button type="submit">Filter</Button>
              <Button
                variant="default"
                onClick={() => {
                  setForm(EMPTY);
                  setFilters({});
                }}
              >
                Clear
              </Button>
            </Group>
            <Group>
              <Button variant="default" onClick={() => verify.mutate()} loading={verify.isPending}>
                Verify chain
              </Button>
              <Button onClick={() => exporting.mutate()} loading={exporting.isPending}>
                Export CSV
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      {verify.data && (
        <Alert color={verify.data.ok ? 'green' : 'red'} role="status">
          {verify.data.ok
            ? `${AUDIT_TEXTS.chainOk} ${verify.data.rows} rows.`
            : verify.data.chain_seq === null
              ? `The chain could not be verified: ${verify.data.reason}.`
              : `The chain is broken at row ${verify.data.chain_seq}: ${verify.data.reason}.`}
        </Alert>
      )}
      {verify.error && <Text c="red">{errorMessage(verify.error)}</Text>}
      <PagedDataTable
        columns={COLUMNS}
        rowKey={(e) => e.id}
        query={log}
        paging={{ page, setPage }}
        pageSize={PAGE_SIZE.users}
      />
    </Stack>
  );
}
