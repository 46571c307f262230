import { Anchor } from '@mantine/core';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { failureOf } from '../../../components/load-error.tsx';
import { useProcessingLabs } from '../api/get-processing-labs.ts';
import { LabHarvestCenters } from './lab-harvest-centers.tsx';

/**
 * The labs the caller may see: one lab (a lab account, a harvest center) shows its harvest centers at
 * once; several (admins) are listed, each opening /lab/:id.
 */
export function LabOverview() {
  const labs = useProcessingLabs();
  const results = labs.data?.results ?? [];
  if (results.length === 1) {
    return <LabHarvestCenters labId={results[0].id} title={`${results[0].name}: Harvest Centers`} />;
  }
  return (
    <DataTable
      columns={[
        {
          key: 'name',
          header: 'Processing Lab',
          render: (lab) => (
            <Anchor component={Link} to={`/lab/${lab.id}`}>
              {lab.name}
            </Anchor>
          ),
        },
        { key: 'centers', header: 'Harvest Centers', render: (lab) => lab.harvest_centers_count },
      ]}
      rows={results}
      rowKey={(lab) => lab.id}
      pageSize={PAGE_SIZE.labHarvestCenters}
      loading={labs.isPending}
      failure={failureOf(labs)}
    />
  );
}
