import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { COUPON_TEXTS, type TCoupon } from '@portal/shared/coupons';
import { formatCents } from '@portal/shared/products';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { EditRemoveButtons, useConfirmedRemoval } from '../../../components/row-removal.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { api } from '../../../lib/api-client.ts';
import { COUPON_KEYS, useCoupons } from '../api/coupons-api.ts';
import { CouponFormDialog } from '../components/coupon-form-dialog.tsx';

const COLUMNS: DataTableColumn<TCoupon>[] = [
  { key: 'name', header: 'Name', render: (c) => c.name },
  { key: 'code', header: 'Code', render: (c) => c.code },
  { key: 'discount', header: 'Discount', render: (c) => formatCents(c.discount_amount_cents) },
  { key: 'max', header: 'Max use', render: (c) => (c.max_use_number === 0 ? 'Unlimited' : c.max_use_number) },
  { key: 'used', header: 'Used', render: (c) => c.used_number },
  { key: 'products', header: 'Products', render: (c) => c.products.map((p) => p.name).join(', ') || 'All' },
  { key: 'hc', header: 'Harvest Center', render: (c) => c.hc_desc[0]?.company || 'All' },
  {
    key: 'status',
    header: 'Status',
    render: (c) => (
      <Badge variant="light" color={c.status ? 'green' : 'gray'}>
        {c.status ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

/** /coupon-manager: Coupons List with the Add Coupon Code dialog (part 2 §2). */
export function CouponManagerPage() {
  const table = useTableSearch();
  const coupons = useCoupons({
    page: table.page,
    pageSize: PAGE_SIZE.default,
    search: table.debouncedSearch.trim(),
  });
  const [editing, setEditing] = useState<TCoupon | 'new' | null>(null);
  const removal = useConfirmedRemoval<TCoupon>({
    title: 'Remove coupon code',
    question: (coupon) => `${COUPON_TEXTS.removeConfirm} (${coupon.code})`,
    remove: (coupon) => api.delete(`/api/v1/coupon-codes/${coupon.id}/`),
    removedMessage: COUPON_TEXTS.removed,
    invalidate: COUPON_KEYS.all,
  });
  const columns: DataTableColumn<TCoupon>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (coupon) => (
        <EditRemoveButtons
          what={`coupon ${coupon.code}`}
          onEdit={() => setEditing(coupon)}
          onRemove={() => removal.ask(coupon)}
        />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{COUPON_TEXTS.listTitle}</Title>
        <Button onClick={() => setEditing('new')}>{COUPON_TEXTS.addTitle}</Button>
      </Group>
      <TableSearchInput table={table} label="Search coupons" placeholder="Name or code" />
      <PagedDataTable
        columns={columns}
        query={coupons}
        paging={table}
        rowKey={(coupon) => coupon.id}
        pageSize={PAGE_SIZE.default}
        loadingText="Loading coupons..."
      />
      {editing !== null && (
        <CouponFormDialog coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {removal.dialog}
    </Stack>
  );
}
