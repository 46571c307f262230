import { TextInput } from '@mantine/core';
import { DataTable, type DataTableProps } from './data-table.tsx';
import type { TablePaging, TableSearch } from './table-paging.ts';

type PagedDataTableProps<Row> = Omit<
  DataTableProps<Row>,
  'rows' | 'server' | 'filter' | 'filterText' | 'loading'
> & {
  /** The query of one page: `{count, results}` as the API answers it. */
  query: { data?: { count: number; results: Row[] }; isPending: boolean };
  paging: TablePaging;
  /** By default while the query has no page yet. */
  loading?: boolean;
};

/** The DataTable of a server-paged list, fed straight from its query. */
export function PagedDataTable<Row>({ query, paging, loading, ...table }: PagedDataTableProps<Row>) {
  return (
    <DataTable
      {...table}
      rows={query.data?.results ?? []}
      loading={loading ?? query.isPending}
      server={{ page: paging.page, total: query.data?.count ?? 0, onPageChange: paging.setPage }}
    />
  );
}

interface TableSearchInputProps {
  table: TableSearch;
  label: string;
  placeholder?: string;
}

/** The search field above a paged table: typing starts again at page 1 (see useTableSearch). */
export function TableSearchInput({ table, label, placeholder }: TableSearchInputProps) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={table.search}
      onChange={(event) => table.setSearch(event.currentTarget.value)}
      maw={360}
    />
  );
}
