import { Anchor, Stack, Title } from '@mantine/core';
import type { THarvestCenter } from '@portal/shared/harvest-centers';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { useLabHarvestCenters } from '../api/get-lab-harvest-centers.ts';

interface LabHarvestCentersProps {
  labId: number;
  title: string;
  /** 1 when the list is the page (its title is the page's h1); 2 under a dashboard's heading. */
  titleOrder?: 1 | 2;
}

/** The harvest centers of a lab; each opens its patients (/lab/:lab_id/harvest-center/:harvestcenter_id). */
export function LabHarvestCenters({ labId, title, titleOrder = 2 }: LabHarvestCentersProps) {
  const table = useTableSearch();
  const centers = useLabHarvestCenters(labId, table.page, table.debouncedSearch.trim());

  const columns: DataTableColumn<THarvestCenter>[] = [
    {
      key: 'company',
      header: 'Harvest Center',
      render: (center) => (
        <Anchor component={Link} to={`/lab/${labId}/harvest-center/${center.id}`}>
          {center.company || center.email}
        </Anchor>
      ),
    },
    {
      key: 'contact',
      header: 'Contact',
      render: (center) => `${center.first_name} ${center.last_name}`.trim(),
    },
    { key: 'email', header: 'Email', render: (center) => center.email },
    { key: 'phone', header: 'Phone', render: (center) => center.phone_number || '—' },
    { key: 'patients', header: 'Patients', render: (center) => center.patients_count },
  ];

  return (
    <Stack gap="md">
      <Title order={titleOrder}>{title}</Title>
      <TableSearchInput table={table} label="Search harvest centers" />
      <PagedDataTable
        columns={columns}
        query={centers}
        paging={table}
        rowKey={(center) => center.id}
        pageSize={PAGE_SIZE.labHarvestCenters}
        loadingText="Loading harvest centers..."
        emptyHint="Harvest centers appear here once an admin assigns them to this lab."
      />
    </Stack>
  );
}
