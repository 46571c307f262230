import { Group, Select, Stack, Text } from '@mantine/core';
import {
  DOCUMENT_LABELS,
  DOCUMENT_STATUSES,
  type TDocument,
  type TDocumentListQuery,
  type TDocumentStatus,
} from '@portal/shared/documents';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { type ReactNode, useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useDocuments } from '../api/get-document-lists.ts';
import { DocumentStatus } from './document-status.tsx';

/** The columns the document lists share; each screen picks and adds its own. */
export const DOCUMENT_COLUMNS = {
  patient: {
    key: 'patient',
    header: 'Patient',
    render: (document) => document.patient_name || '—',
  },
  email: { key: 'email', header: 'Email', render: (document) => document.patient_email || '—' },
  harvestCenter: {
    key: 'hc',
    header: 'Harvest Center',
    render: (document) => document.hc_desc?.company || '—',
  },
  document: {
    key: 'document',
    header: 'Document',
    render: (document) => (
      <>
        {DOCUMENT_LABELS[document.kind]}
        {document.source === 'uploaded' && (
          // gray.7, not dimmed: dimmed on white is 4.45:1, under AA's 4.5:1 for small text.
          <Text component="span" size="xs" c="gray.7">
            {' (uploaded)'}
          </Text>
        )}
      </>
    ),
  },
  sent: {
    key: 'sent',
    header: 'Sent',
    render: (document) => formatDate(document.sent_at ?? document.created_at),
  },
  completed: { key: 'completed', header: 'Signed', render: (document) => formatDate(document.completed_at) },
  status: {
    key: 'status',
    header: 'Status',
    render: (document) => <DocumentStatus document={document} label={documentLabel(document)} />,
  },
} satisfies Record<string, DataTableColumn<TDocument>>;

/** How a row names its document to a screen reader: kind and whose. */
export function documentLabel(document: TDocument): string {
  const whose = document.patient_name || document.hc_desc?.company || '';
  return whose ? `${DOCUMENT_LABELS[document.kind]} of ${whose}` : DOCUMENT_LABELS[document.kind];
}

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...DOCUMENT_STATUSES.map((status) => ({ value: status, label: status })),
];

const isStatus = (value: string | null): value is TDocumentStatus =>
  (DOCUMENT_STATUSES as readonly (string | null)[]).includes(value);

interface DocumentListProps {
  /** One of DOCUMENT_LISTS. */
  path: string;
  owner?: TDocumentListQuery['owner'];
  columns: DataTableColumn<TDocument>[];
  searchPlaceholder: string;
  emptyHint: ReactNode;
}

/** A server-paged, searchable list of documents, filtered by status. */
export function DocumentList(props: DocumentListProps) {
  const { path, owner, columns, searchPlaceholder, emptyHint } = props;
  const table = useTableSearch();
  const [status, setStatus] = useState<TDocumentStatus | null>(null);
  const pageSize = PAGE_SIZE.documents;
  const documents = useDocuments(path, {
    page: table.page,
    pageSize,
    search: table.debouncedSearch.trim(),
    status,
    owner,
  });
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TableSearchInput table={table} label="Search documents" placeholder={searchPlaceholder} />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(value) => {
            setStatus(isStatus(value) ? value : null);
            table.setPage(1);
          }}
          allowDeselect={false}
          maw={200}
        />
      </Group>
      <PagedDataTable
        columns={columns}
        query={documents}
        paging={table}
        rowKey={(document) => document.id}
        pageSize={pageSize}
        loadingText="Loading documents..."
        emptyHint={emptyHint}
      />
    </Stack>
  );
}
