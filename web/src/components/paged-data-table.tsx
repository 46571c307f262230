import { TextInput } from '@mantine/core';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { failureOf } from './load-error.tsx';
import type { TablePaging, TableSearch } from './table-paging.ts';

/** The query of one page of a list: `{count, results}` as the API answers it. */
export interface PageQuery<Row> {
  data?: { count: number; results: Row[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

type PagedDataTableProps<Row> = Omit<
  DataTableProps<Row>,
  'rows' | 'server' | 'filter' | 'filterText' | 'loading' | 'failure' | 'search'
> & {
  query: PageQuery<Row>;
  /** The page, and the search when the list has one (an empty result then names it). */
  paging: TablePaging | TableSearch;
  /** By default while the query has no page yet. */
  loading?: boolean;
};

/** The DataTable of a server-paged list, fed straight from its query: loading, failed, empty or rows. */
export function PagedDataTable<Row>({ query, paging, loading, ...table }: PagedDataTableProps<Row>) {
  return (
    <DataTable
      {...table}
      rows={query.data?.results ?? []}
      loading={loading ?? query.isPending}
      failure={failureOf(query)}
      search={'debouncedSearch' in paging ? paging.debouncedSearch : undefined}
      server={{ page: paging.page, total: query.data?.count ?? 0, onPageChange: paging.setPage }}
    />
  );
}

interface TableSearchInputProps {
  table: TableSearch;
  label: string;
  placeholder?: string;
}

/**
 * The search field above a paged table: typing starts again at page 1 (see useTableSearch). On a
 * phone it takes the whole line (its own, beside other filters), so its placeholder shows whole.
 */
export function TableSearchInput({ table, label, placeholder }: TableSearchInputProps) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={table.search}
      onChange={(event) => table.setSearch(event.currentTarget.value)}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
