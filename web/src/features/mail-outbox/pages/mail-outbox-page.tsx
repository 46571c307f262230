import { Anchor, Badge, Code, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TOutboxMail } from '@portal/shared/mail-outbox';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { useOutboxMail, useOutboxMailDetail } from '../api/get-outbox-mail.ts';

const STATUS_COLOR = { pending: 'yellow', sent: 'green', failed: 'red' } as const;

/** Every mail the portal queued: lets an admin follow delivery, or read a link when no SMTP is set up. */
export function MailOutboxPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useOutboxMail(debouncedSearch, page);
  const detail = useOutboxMailDetail(openId);

  const columns: DataTableColumn<TOutboxMail>[] = [
    { key: 'created', header: 'Queued', render: (m) => new Date(m.created_at).toLocaleString() },
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
      <Title order={2}>Mail Outbox</Title>
      <TextInput
        label="Search"
        placeholder="Recipient or subject"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <DataTable
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(m) => m.id}
        pageSize={PAGE_SIZE.default}
        loading={list.isPending}
        server={{ page, total: list.data?.count ?? 0, onPageChange: setPage }}
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
