import { Badge, Button } from '@mantine/core';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { type TVialRecord, type TVialsHistoryResponse, VIAL_TYPE_LABELS } from '@portal/shared/vials';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import type { LoadFailure } from '../../../components/load-error.tsx';
import { formatDate } from '../../../lib/format-date.ts';

interface VialsHistoryTableProps {
  history: TVialsHistoryResponse | undefined;
  loading: boolean;
  failure?: LoadFailure;
  page: number;
  onPageChange: (page: number) => void;
  /** Shown only when the records may be edited. */
  onEdit?: (record: TVialRecord) => void;
}

/** A patient's vial records, newest first, 5 a page (part 1 §9). */
export function VialsHistoryTable({
  history,
  loading,
  failure,
  page,
  onPageChange,
  onEdit,
}: VialsHistoryTableProps) {
  const columns: DataTableColumn<TVialRecord>[] = [
    {
      key: 'type',
      header: 'Type',
      render: (record) => (
        <Badge color={record.type === 'added' ? 'green' : 'blue'} variant="light">
          {VIAL_TYPE_LABELS[record.type]}
        </Badge>
      ),
    },
    { key: 'quantity', header: 'Quantity', render: (record) => record.quantity },
    { key: 'date', header: 'Date', render: (record) => formatDate(record.date) },
    { key: 'tracking', header: 'Tracking ID', render: (record) => record.tracking_id || '—' },
    { key: 'note', header: 'Note', render: (record) => record.note || '—' },
  ];
  if (onEdit) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (record) => (
        <Button size="xs" variant="light" onClick={() => onEdit(record)}>
          Edit
        </Button>
      ),
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={history?.vials_history ?? []}
      rowKey={(record) => record.id}
      pageSize={PAGE_SIZE.vialHistory}
      emptyHint="Vial records appear here once the lab stores or ships vials."
      loading={loading}
      failure={failure}
      loadingText="Loading vials..."
      server={{ page, total: history?.count ?? 0, onPageChange }}
    />
  );
}
