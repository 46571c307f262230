import { Anchor, Badge, Code, Modal, Stack, Text, Title } from '@mantine/core';
import type { TOutboxMail } from '@portal/shared/mail-outbox';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useOutboxMail, useOutboxMailDetail } from '../api/get-outbox-mail.ts';

const STATUS_COLOR = { pending: 'yellow', sent: 'green', failed: 'red' } as const;

/** Every mail the portal queued: lets an admin follow delivery, or read a link when no SMTP is set up. */
export function MailOutboxPage() {
  const table = useTableSearch();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useOutboxMail(table.debouncedSearch, table.page);
  const detail = useOutboxMailDetail(openId);

  const columns: DataTableColumn<TOutboxMail>[] = [
    { key: 'created', header: 'Queued', render: (m) => formatDateTime(m.created_at) },
    { key: 'to', header: 'To', render: (m) => m.to },
    {
      key: 'subject',
      header: 'Subject',
      render: (m) => (
        <Anchor component="button" type="button" onClick={() => setOpenId(m.id)}>
          {m.subject}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (m) => <Badge color={STATUS_COLOR[m.status]}>{m.status}</Badge>,
    },
    { key: 'attempts', header: 'Attempts', render: (m) => m.attempts },
    { key: 'error', header: 'Last error', render: (m) => m.last_error || '—' },
  ];

  return (
    <Stack>
      <Title order={1}>Mail Outbox</Title>
      <TableSearchInput table={table} label="Search" placeholder="Recipient or subject" />
      <PagedDataTable
        columns={columns}
        query={list}
        paging={table}
        rowKey={(m) => m.id}
        pageSize={PAGE_SIZE.default}
      />
      <Modal
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        title={detail.data?.subject ?? 'Mail'}
        size="lg"
      >
        {detail.data && (
          <Stack gap="xs">
            <Text size="sm">To: {detail.data.to}</Text>
            {detail.data.reply_to && <Text size="sm">Reply to: {detail.data.reply_to}</Text>}
            <Code block>{detail.data.text}</Code>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
