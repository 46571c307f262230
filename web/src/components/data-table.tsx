import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { pageCount } from '@portal/shared/paging';
import { TEXT } from '@portal/shared/ui-constants';
import type { ReactNode } from 'react';
import { usePageFor } from './table-paging.ts';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
}

/** The server pages (`limit`/`offset`): `rows` is page `page` of `total` rows. */
interface ServerPaging {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
}

type PagingProps<Row> =
  | { server: ServerPaging; filter?: never; filterText?: never }
  | {
      server?: never;
      /** Keeps the rows whose text contains this, in any case. */
      filter?: string;
      /** The searchable text of a row; by default its own text and number fields. */
      filterText?: (row: Row) => string;
    };

export type DataTableProps<Row> = PagingProps<Row> & {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  pageSize: number;
  loading?: boolean;
  loadingText?: string;
};

function ownText(row: unknown): string {
  return Object.values(row as object)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ');
}

/**
 * The app's only table: numbered page buttons and 'Page X of Y' (part 1 §9), paging either on the
 * server (pass `server`) or here over all `rows` (with an optional filter).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, pageSize, loading = false, loadingText = 'Loading...', server } = props;
  // The page belongs to the filter it was chosen under: a new filter starts again at page 1.
  const [clientPage, setClientPage] = usePageFor(props.filter);

  let pageRows = rows;
  let page: number;
  let pages: number;
  let onPageChange: (page: number) => void;
  if (server) {
    pages = pageCount(server.total, pageSize);
    page = Math.min(server.page, pages);
    onPageChange = server.onPageChange;
  } else {
    const needle = props.filter?.trim().toLowerCase() ?? '';
    const textOf = props.filterText ?? ownText;
    const matching = needle ? rows.filter((row) => textOf(row).toLowerCase().includes(needle)) : rows;
    pages = pageCount(matching.length, pageSize);
    page = Math.min(clientPage, pages);
    pageRows = matching.slice((page - 1) * pageSize, page * pageSize);
    onPageChange = setClientPage;
  }

  const notice = loading ? loadingText : pageRows.length === 0 ? TEXT.emptyTable : null;

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key}>{column.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notice ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="md">
                    {notice}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              pageRows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm">{`Page ${page} of ${pages}`}</Text>
        <Pagination total={pages} value={page} onChange={onPageChange} />
      </Group>
    </Stack>
  );
}
