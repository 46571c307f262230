import { Stack, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs.tsx';
import { useProcessingLabs } from '../api/get-processing-labs.ts';
import { LabHarvestCenters } from '../components/lab-harvest-centers.tsx';
import { LabOverview } from '../components/lab-overview.tsx';

/** /lab/:id?: the harvest centers of a lab; without an id, of the caller's own lab. */
export function LabPage() {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Stack gap="md">
        <Title order={1}>Lab</Title>
        <LabOverview />
      </Stack>
    );
  }
  const labId = Number(id);
  if (!Number.isInteger(labId) || labId <= 0) return <Navigate to="/dashboard" replace />;
  return <LabById labId={labId} />;
}

function LabById({ labId }: { labId: number }) {
  const labs = useProcessingLabs();
  const name = labs.data?.results.find((lab) => lab.id === labId)?.name;
  return (
    <Stack gap="md">
      <PageBreadcrumbs crumbs={[{ label: 'Lab', to: '/lab' }, { label: name ?? `Lab ${labId}` }]} />
      <LabHarvestCenters
        labId={labId}
        title={name ? `${name}: Harvest Centers` : 'Harvest Centers'}
        titleOrder={1}
      />
    </Stack>
  );
}
