import { Stack, Text, Title } from '@mantine/core';
import { AUDIT_TEXTS, type TAccessLogEntry } from '@portal/shared/audit';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { pageParams } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { AUDIT_KEYS, listAccessLog } from '../api/audit-api.ts';

const COLUMNS: DataTableColumn<TAccessLogEntry>[] = [
  { key: 'time', header: 'When', render: (e) => formatDateTime(e.created_at) },
  { key: 'who', header: 'Who', render: (e) => (e.acting_as ? `${e.who}, acting as ${e.acting_as}` : e.who) },
  { key: 'role', header: 'Role', render: (e) => e.role || '—' },
  { key: 'what', header: 'What', render: (e) => e.what },
];

/** /my-record-access (patients): who opened their record or one of their documents, and when. */
export function AccessLogPage() {
  const me = useSignedInUser();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: [...AUDIT_KEYS.access, me.id, page],
    queryFn: () => listAccessLog(me.id, pageParams(page, PAGE_SIZE.default)),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Title order={1} size="h2">
        {AUDIT_TEXTS.accessLogTitle}
      </Title>
      <Text c="dimmed">
        Every opening of your record or of your documents is recorded, with who and when.
      </Text>
      <PagedDataTable
        columns={COLUMNS}
        rowKey={(e) => `${e.created_at}-${e.who}-${e.what}`}
        query={log}
        paging={{ page, setPage }}
        pageSize={PAGE_SIZE.default}
        emptyHint={AUDIT_TEXTS.noAccess}
      />
    </Stack>
  );
}
