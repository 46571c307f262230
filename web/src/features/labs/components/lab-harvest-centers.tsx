import { Anchor, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { THarvestCenter } from '@portal/shared/harvest-centers';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { useLabHarvestCenters } from '../api/get-lab-harvest-centers.ts';

interface LabHarvestCentersProps {
  labId: number;
  title: string;
}

/** The harvest centers of a lab; each opens its patients (/lab/:lab_id/harvest-center/:harvestcenter_id). */
export function LabHarvestCenters({ labId, title }: LabHarvestCentersProps) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const centers = useLabHarvestCenters(labId, page, debouncedSearch.trim());

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
      <Title order={3}>{title}</Title>
      <TextInput
        label="Search harvest centers"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <DataTable
        columns={columns}
        rows={centers.data?.results ?? []}
        rowKey={(center) => center.id}
        pageSize={PAGE_SIZE.labHarvestCenters}
        loading={centers.isPending}
        loadingText="Loading harvest centers..."
        server={{ page, total: centers.data?.count ?? 0, onPageChange: setPage }}
      />
    </Stack>
  );
}
