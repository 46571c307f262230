import { Box, Card, Group, Pagination, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { pageCount } from '@portal/shared/paging';
import { TEXT } from '@portal/shared/ui-constants';
import { type ReactNode, type RefCallback, useCallback } from 'react';
import './data-table.css';
import { LoadError, type LoadFailure } from './load-error.tsx';
import { usePageFor } from './table-paging.ts';

export interface DataTableColumn<Row> {
  /** A column keyed 'actions' holds the row's buttons: on a phone they sit at the foot of its card. */
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /**
   * Stays in view at the table's right edge while a table wider than the screen scrolls sideways, as
   * the 'actions' column always does. Pinned columns come last.
   */
  pinned?: boolean;
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
  /** The rows did not load: the table says so and offers Retry instead of looking empty. */
  failure?: LoadFailure;
  /** What to do when there are no rows (e.g. 'Add a patient with Add Patient.'). */
  emptyHint?: ReactNode;
  /** The search the rows answer, if any: an empty result then says nothing matched it. */
  search?: string;
};

/** Where the table becomes a list of cards: Mantine's `sm` breakpoint, the side menu's too. */
const PHONE_QUERY = '(max-width: 48em)';
const ACTIONS_KEY = 'actions';

type PinnableColumn = Pick<DataTableColumn<unknown>, 'key' | 'pinned'>;
const isPinned = (column: PinnableColumn) => column.pinned === true || column.key === ACTIONS_KEY;

/** The CSS variable holding a pinned column's distance from the table's right edge. */
const pinnedOffset = (fromEnd: number) => `--data-table-pinned-${fromEnd}`;

/**
 * A ref for the table that keeps its pinned (last) columns' offsets from the right edge, each the
 * width of the pinned columns after it, in CSS variables: measured, as the widths follow the rows.
 * The region the table scrolls in reserves the pinned columns' width as its scroll padding: a column
 * brought into view (a focused link, a word found, a cell scrolled to) stops beside them, never
 * under them, where they covered its text ("$3," of Amount, issue 42).
 */
function usePinnedOffsets(pinnedCount: number): RefCallback<HTMLTableElement> {
  return useCallback(
    (table: HTMLTableElement | null) => {
      const headerCells = table?.tHead?.rows[0]?.cells;
      if (!table || !headerCells || pinnedCount === 0) return;
      const pinned = [...headerCells].slice(-pinnedCount).reverse();
      const scroller = table.closest<HTMLElement>('[role="region"]');
      const update = () => {
        let offset = 0;
        pinned.forEach((cell, fromEnd) => {
          table.style.setProperty(pinnedOffset(fromEnd), `${offset}px`);
          offset += cell.getBoundingClientRect().width;
        });
        scroller?.style.setProperty('scroll-padding-inline-end', `${offset}px`);
      };
      update();
      const observer = new ResizeObserver(update);
      for (const cell of pinned) observer.observe(cell);
      return () => observer.disconnect();
    },
    [pinnedCount],
  );
}

/** A pinned cell's class and place: how many pinned columns follow it. */
function pinnedCellProps(columns: readonly PinnableColumn[], index: number) {
  if (!isPinned(columns[index])) return {};
  const fromEnd = columns.length - 1 - index;
  return {
    className:
      fromEnd === columns.filter(isPinned).length - 1
        ? 'data-table-pinned data-table-pinned-first'
        : 'data-table-pinned',
    style: { right: fromEnd === 0 ? 0 : `var(${pinnedOffset(fromEnd)}, 0)` },
  };
}

function ownText(row: unknown): string {
  return Object.values(row as object)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ');
}

/**
 * The app's only table: numbered page buttons and 'Page X of Y' (part 1 §9), paging either on the
 * server (pass `server`) or here over all `rows` (with an optional filter). On a phone each row is a
 * card of label and value, its actions at the foot, so nothing scrolls sideways.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, pageSize, loading = false, loadingText = 'Loading...', server } = props;
  // The page belongs to the filter it was chosen under: a new filter starts again at page 1.
  const [clientPage, setClientPage] = usePageFor(props.filter);
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const tableRef = usePinnedOffsets(columns.filter(isPinned).length);

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

  if (props.failure && !loading) return <LoadError failure={props.failure} what="the list" />;

  const search = (props.search ?? props.filter)?.trim();
  const notice = loading ? (
    <Text c="dimmed" role="status">
      {loadingText}
    </Text>
  ) : pageRows.length === 0 ? (
    <EmptyNotice search={search} hint={props.emptyHint} />
  ) : null;

  return (
    <Stack gap="sm">
      {isPhone ? (
        (notice ?? <RowCards columns={columns} rows={pageRows} rowKey={rowKey} />)
      ) : (
        <Table.ScrollContainer
          minWidth={600}
          // A wide table scrolls sideways: keyboard users reach the overflow by focusing it, and its
          // scroll bar shows without a hover that more columns follow (issue 42).
          scrollAreaProps={{
            type: 'auto',
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Table' },
          }}
        >
          <Table striped highlightOnHover ref={tableRef}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => (
                  <Table.Th key={column.key} {...pinnedCellProps(columns, index)}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notice ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length} py="md" ta="center">
                    {notice}
                  </Table.Td>
                </Table.Tr>
              ) : (
                pageRows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column, index) => (
                      <Table.Td key={column.key} {...pinnedCellProps(columns, index)}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm">{`Page ${page} of ${pages}`}</Text>
        <Pagination
          total={pages}
          value={page}
          onChange={onPageChange}
          size={isPhone ? 'sm' : 'md'}
          siblings={isPhone ? 0 : 1}
        />
      </Group>
    </Stack>
  );
}

/** No rows: the spec's text, and what to do next. */
function EmptyNotice({ search, hint }: { search?: string; hint?: ReactNode }) {
  return (
    <Stack gap={4} align="center" py="md">
      <Text c="dimmed">{TEXT.emptyTable}</Text>
      {search ? (
        <Text size="sm">{`Nothing matches “${search}”: check the spelling or clear the search.`}</Text>
      ) : (
        hint && <Text size="sm">{hint}</Text>
      )}
    </Stack>
  );
}

/** A phone's rows: one card each, every column a label and its value, the actions last. */
function RowCards<Row>({ columns, rows, rowKey }: Pick<DataTableProps<Row>, 'columns' | 'rows' | 'rowKey'>) {
  const fields = columns.filter((column) => column.key !== ACTIONS_KEY);
  const actions = columns.find((column) => column.key === ACTIONS_KEY);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Card key={rowKey(row)} component="li" withBorder padding="sm">
          <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
            {fields.map((column) => (
              <Box key={column.key} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" c="dimmed">
                  {column.header}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {column.render(row)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          {actions && <Group mt="sm">{actions.render(row)}</Group>}
        </Card>
      ))}
    </Stack>
  );
}
