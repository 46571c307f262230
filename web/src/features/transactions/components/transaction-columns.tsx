import { Badge } from '@mantine/core';
import { formatCents } from '@portal/shared/products';
import type { TTransactionRow } from '@portal/shared/transactions';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format-date.ts';

/** The columns of the transaction row (part 2 §2 "Transactions report"). */
export const TRANSACTION_COLUMNS: DataTableColumn<TTransactionRow>[] = [
  { key: 'id', header: 'ID', render: (row) => row.id },
  { key: 'date', header: 'Date', render: (row) => formatDate(row.date) },
  { key: 'hc', header: 'HC', render: (row) => row.hc },
  { key: 'rhc', header: 'RHC', render: (row) => row.rhc },
  { key: 'patient', header: 'Patient', render: (row) => row.patient_desc },
  { key: 'rep', header: 'Sales Rep', render: (row) => row.sales_rep_desc },
  { key: 'manager', header: 'Sales Manager', render: (row) => row.sales_manager_desc },
  { key: 'distributor', header: 'Sales Distributor', render: (row) => row.sales_distributor_desc },
  { key: 'product', header: 'Product', render: (row) => row.product.map((p) => p.name).join(', ') },
  { key: 'quantity', header: 'Quantity', render: (row) => row.quantity },
  { key: 'amount', header: 'Amount', render: (row) => formatCents(row.amount_cents) },
  { key: 'coupon', header: 'Coupon Used', render: (row) => row.coupon_code_used },
  {
    key: 'coupon_amount',
    header: 'Coupon Amount',
    render: (row) => (row.coupon_code_used ? formatCents(row.coupon_code_amount_cents) : ''),
  },
  {
    key: 'commission_paid',
    header: 'Commission Paid',
    // In view beside Edit on a screen narrower than all the columns (the rest scroll sideways).
    pinned: true,
    render: (row) => (
      <Badge variant="light" color={row.commission_paid ? 'green' : 'gray'}>
        {row.commission_paid ? 'Yes' : 'No'}
      </Badge>
    ),
  },
];
