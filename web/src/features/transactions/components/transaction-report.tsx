import { Button, Group, Stack, Title } from '@mantine/core';
import type { TTransactionFilters, TTransactionRow } from '@portal/shared/transactions';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { type ReactNode, useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { usePageFor } from '../../../components/table-paging.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { exportTransactions, useTransactionPage } from '../api/transactions-api.ts';
import { TRANSACTION_COLUMNS } from './transaction-columns.tsx';
import { TransactionEditDialog } from './transaction-edit-dialog.tsx';
import { type ADMIN_PICKERS, TransactionFilters } from './transaction-filters.tsx';

interface TransactionReportProps {
  title: string;
  /** The list to page through; null while the report waits for a choice (a manager to look at). */
  path: string | null;
  /** Filters always sent with the list and the exports (the chosen manager). */
  fixedFilters?: TTransactionFilters;
  pickers?: typeof ADMIN_PICKERS;
  /** Admins edit rows (part 2 §5). */
  editable?: boolean;
  /** Above the filters: a report's own choice (the distributor's manager picker). */
  children?: ReactNode;
}

/**
 * One report for every role (part 2 §2): filters, the server-paged table (10 rows, 'Page X of Y')
 * and the CSV and XLSX downloads of what the filters select, named by the server.
 */
export function TransactionReport({
  title,
  path,
  fixedFilters = {},
  pickers,
  editable,
  children,
}: TransactionReportProps) {
  const [filters, setFilters] = useState<TTransactionFilters>({});
  const [page, setPage] = usePageFor(filters);
  const query = { ...filters, ...fixedFilters };
  const rows = useTransactionPage(path, query, page);
  const [editing, setEditing] = useState<TTransactionRow | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const runExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await exportTransactions(format, query);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setExporting(null);
    }
  };
  const columns: DataTableColumn<TTransactionRow>[] = editable
    ? [
        ...TRANSACTION_COLUMNS,
        {
          key: 'actions',
          header: 'Actions',
          render: (row) => (
            <Button
              size="xs"
              variant="light"
              aria-label={`Edit transaction ${row.id}`}
              onClick={() => setEditing(row)}
            >
              Edit
            </Button>
          ),
        },
      ]
    : TRANSACTION_COLUMNS;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Group gap="xs">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              variant="light"
              disabled={path === null}
              loading={exporting === format}
              onClick={() => void runExport(format)}
            >
              Download {format.toUpperCase()}
            </Button>
          ))}
        </Group>
      </Group>
      {children}
      <TransactionFilters filters={filters} onChange={setFilters} pickers={pickers} />
      <PagedDataTable
        columns={columns}
        query={rows}
        paging={{ page, setPage }}
        loading={path !== null && rows.isPending}
        rowKey={(row) => row.id}
        pageSize={PAGE_SIZE.transactions}
        loadingText="Loading transactions..."
      />
      {editing && <TransactionEditDialog row={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
