import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import type { TTransactionHistoryRow } from '@portal/shared/checkout';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { formatCents } from '@portal/shared/products';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { useTransactionHistory } from '../../../components/centers/center-queries.ts';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { download } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';

const name = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

const COLUMNS: DataTableColumn<TTransactionHistoryRow>[] = [
  { key: 'date', header: 'Date', render: (t) => formatDate(t.date) },
  { key: 'invoice', header: 'Invoice', render: (t) => t.invoice_id },
  { key: 'product', header: 'Product', render: (t) => t.product.map((p) => p.name).join(', ') },
  { key: 'patient', header: 'Patient', render: (t) => t.patient.map(name).join(', ') || '—' },
  {
    key: 'center',
    header: 'Harvest Center / Referral',
    render: (t) =>
      [t.harvest_center?.company, t.referral_harvest_center?.company].filter(Boolean).join(' / ') || '—',
  },
  { key: 'amount', header: 'Amount', render: (t) => formatCents(t.amount_cents) },
  { key: 'coupon', header: 'Coupon', render: (t) => t.coupon_code_used || '—' },
  {
    key: 'documents',
    header: 'Documents',
    render: (t) =>
      t.patient_documents.length === 0 ? (
        '—'
      ) : (
        <Group gap={4}>
          {t.patient_documents.map((d) => (
            <Badge key={d.id} variant="light" color={d.status === 'Completed' ? 'green' : 'yellow'}>
              {d.status}
            </Badge>
          ))}
        </Group>
      ),
  },
  {
    key: 'actions',
    header: 'Receipt',
    render: (t) => (
      <Anchor
        component="button"
        type="button"
        onClick={() => void download(t.receipt_url)}
        aria-label={`Download receipt ${t.invoice_id}`}
      >
        Receipt
      </Anchor>
    ),
  },
];

/** /hc-transaction-history: the center's processing-fee transactions, 10 a page (part 2 §2). */
export function TransactionHistoryPage() {
  const user = useSignedInUser();
  const [page, setPage] = useState(1);
  const path =
    user.membership[0]?.id === MEMBERSHIP.referralHarvestCenter
      ? `/api/v1/rhc-association/${user.id}/transactions-history/processing-fee/`
      : `/api/v1/harvest-centers/${user.id}/transactions-history/processing-fee/`;
  const history = useTransactionHistory(path, page, PAGE_SIZE.transactions);
  return (
    <Stack gap="md">
      <Title order={1}>Transaction History</Title>
      <PagedDataTable
        columns={COLUMNS}
        query={history}
        paging={{ page, setPage }}
        rowKey={(t) => t.id}
        pageSize={PAGE_SIZE.transactions}
        loadingText="Loading transactions..."
      />
    </Stack>
  );
}
