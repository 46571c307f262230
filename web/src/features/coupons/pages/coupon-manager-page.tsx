import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { COUPON_TEXTS, type TCoupon } from '@portal/shared/coupons';
import { formatCents } from '@portal/shared/products';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
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
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TCoupon | 'new' | null>(null);
  const [removing, setRemoving] = useState<TCoupon | null>(null);
  const remove = useMutation({
    mutationFn: (coupon: TCoupon) => api.delete(`/api/v1/coupon-codes/${coupon.id}/`),
    onSuccess: async () => {
      setRemoving(null);
      notifySuccess(COUPON_TEXTS.removed);
      await queryClient.invalidateQueries({ queryKey: COUPON_KEYS.all });
    },
  });
  const columns: DataTableColumn<TCoupon>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (coupon) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            aria-label={`Edit coupon ${coupon.code}`}
            onClick={() => setEditing(coupon)}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Remove coupon ${coupon.code}`}
            onClick={() => setRemoving(coupon)}
          >
            Remove
          </Button>
        </Group>
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
      {removing && (
        <ConfirmDialog
          title="Remove coupon code"
          question={`${COUPON_TEXTS.removeConfirm} (${removing.code})`}
          confirmLabel="Remove"
          loading={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </Stack>
  );
}
