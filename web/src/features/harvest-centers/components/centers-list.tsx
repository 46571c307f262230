import { Button, Group, Stack, Title } from '@mantine/core';
import type { THarvestCenter, TReferralHarvestCenter } from '@portal/shared/harvest-centers';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { useCenters } from '../api/get-centers.ts';
import { HarvestCenterFormModal } from './harvest-center-form-modal.tsx';

type Center = THarvestCenter | TReferralHarvestCenter;

interface CentersListProps {
  title: string;
  /** 1 when the list is the page (its title is the page's h1); 2 under a dashboard's heading. */
  titleOrder?: 1 | 2;
  path: string;
  pageSize: number;
  /** Referral centers also list the harvest centers they send patients to. */
  referral?: boolean;
  /** Shows 'Add Harvest Center' (admins and sales reps). */
  canAdd?: boolean;
}

const personName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** A server-paged, searchable list of harvest centers or referral harvest centers. */
export function CentersList({
  title,
  titleOrder = 2,
  path,
  pageSize,
  referral = false,
  canAdd = false,
}: CentersListProps) {
  const table = useTableSearch();
  const [adding, setAdding] = useState(false);
  const centers = useCenters<Center>(path, {
    page: table.page,
    pageSize,
    search: table.debouncedSearch.trim(),
  });

  const columns: DataTableColumn<Center>[] = [
    { key: 'id', header: 'ID', render: (center) => center.id },
    { key: 'company', header: 'Company', render: (center) => center.company || '—' },
    { key: 'contact', header: 'Contact', render: (center) => personName(center) || '—' },
    { key: 'email', header: 'Email', render: (center) => center.email },
    { key: 'phone', header: 'Phone', render: (center) => center.phone_number || '—' },
    {
      key: 'rep',
      header: 'Sales Rep',
      render: (center) => (center.sales_rep_desc ? personName(center.sales_rep_desc) : '—'),
    },
    { key: 'patients', header: 'Patients', render: (center) => center.patients_count },
  ];
  if (referral) {
    columns.splice(3, 0, {
      key: 'hcs',
      header: 'Harvest Centers',
      render: (center) =>
        'hc_desc' in center && center.hc_desc.length > 0
          ? center.hc_desc.map((hc) => hc.company).join(', ')
          : '—',
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={titleOrder}>{title}</Title>
        {canAdd && <Button onClick={() => setAdding(true)}>Add Harvest Center</Button>}
      </Group>
      <TableSearchInput table={table} label="Search" placeholder="Company, name, e-mail or phone" />
      <PagedDataTable
        columns={columns}
        query={centers}
        paging={table}
        rowKey={(center) => center.id}
        pageSize={pageSize}
        loadingText="Loading harvest centers..."
        emptyHint="Centers appear here once they are added with you as their sales rep."
      />
      {canAdd && <HarvestCenterFormModal opened={adding} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
