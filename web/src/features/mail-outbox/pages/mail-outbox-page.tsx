import { Anchor, Badge, Code, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import type { TOutboxMail } from '@portal/shared/mail-outbox';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { type OutboxStatus, useOutboxMail, useOutboxMailDetail } from '../api/get-outbox-mail.ts';

const STATUS_COLOR = { pending: 'yellow', sent: 'green', failed: 'red' } as const;
const STATUSES = Object.keys(STATUS_COLOR) as OutboxStatus[];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
];
const isStatus = (value: string | null): value is OutboxStatus =>
  (STATUSES as (string | null)[]).includes(value);

/** Every mail the portal queued: lets an admin follow delivery, or read a link when no SMTP is set up. */
export function MailOutboxPage() {
  const table = useTableSearch();
  // In the address (?status=failed): the admin dashboard's "Mail failures" card opens it so.
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : null;
  const setStatus = (next: string | null) => {
    setParams(isStatus(next) ? { status: next } : {}, { replace: true });
    table.setPage(1);
  };
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useOutboxMail(table.debouncedSearch, table.page, status);
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
      <Group align="flex-end">
        <TableSearchInput table={table} label="Search" placeholder="Recipient or subject" />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={setStatus}
          allowDeselect={false}
          maw={200}
        />
      </Group>
      <PagedDataTable
        columns={columns}
        query={list}
        paging={table}
        rowKey={(m) => m.id}
        pageSize={PAGE_SIZE.default}
        emptyHint="Mail the portal sends (invitations, password links, Contact Us) appears here."
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
