import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TVialRecord } from '@portal/shared/vials';
import { useState } from 'react';
import { failureOf } from '../../../components/load-error.tsx';
import { useVialsHistory } from '../api/get-vials-history.ts';
import { VialRecordModal } from './vial-record-modal.tsx';
import { VialTotals } from './vial-totals.tsx';
import { VialsHistoryTable } from './vials-history-table.tsx';

interface VialsSectionProps {
  patientId: number;
  /** A read-only form never edits vials (part 1 §5), whatever the server would allow. */
  readOnly?: boolean;
  title?: string;
}

type Editing = { record: TVialRecord | null } | null;

/**
 * A patient's vials: the totals, the records and, for whom the server allows it (`can_edit`), adding
 * and editing records. The patient dashboard and the patient form both show it.
 */
export function VialsSection({ patientId, readOnly = false, title = 'Vials History' }: VialsSectionProps) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const history = useVialsHistory(patientId, page);
  const canEdit = !readOnly && history.data?.can_edit === true;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="md">
          <Title order={4}>{title}</Title>
          <VialTotals totals={history.data} />
        </Group>
        {canEdit && (
          <Button size="xs" onClick={() => setEditing({ record: null })}>
            Add vials record
          </Button>
        )}
      </Group>
      {history.data && history.data.vials_preparation > 0 && (
        <Text size="sm" c="dimmed">{`In preparation at the lab: ${history.data.vials_preparation}`}</Text>
      )}
      <VialsHistoryTable
        history={history.data}
        loading={history.isPending}
        failure={failureOf(history)}
        page={page}
        onPageChange={setPage}
        onEdit={canEdit ? (record) => setEditing({ record }) : undefined}
      />
      <VialRecordModal
        patientId={patientId}
        record={editing?.record ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
