import { Stack, Title } from '@mantine/core';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';

interface PatientDocumentRow {
  id: number;
  name: string;
  status: string;
}

const COLUMNS: DataTableColumn<PatientDocumentRow>[] = [
  { key: 'name', header: 'Document', render: (row) => row.name },
  { key: 'status', header: 'Status', render: (row) => row.status },
];

/**
 * The patient's agreements (attestation, processing, storage). Their calls (GET v1/documents/list/{id}/)
 * come with the documents issue, which fills this table; until then it shows its empty text.
 */
export function PatientDocumentsTable() {
  return (
    <Stack gap="sm">
      <Title order={4}>Documents</Title>
      <DataTable columns={COLUMNS} rows={[]} rowKey={(row) => row.id} pageSize={PAGE_SIZE.documents} />
    </Stack>
  );
}
