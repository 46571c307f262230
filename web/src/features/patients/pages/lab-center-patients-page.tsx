import { Stack } from '@mantine/core';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { parseUrlId } from '@portal/shared/url-integers';
import { Navigate, useParams } from 'react-router';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs.tsx';
import { useLabCenterNames } from '../api/get-lab-center.ts';
import { PATIENT_LISTS } from '../api/get-patients.ts';
import { PatientList } from '../components/patient-list.tsx';

/** /lab/:lab_id/harvest-center/:harvestcenter_id: one harvest center's patients, seen from its lab. */
export function LabCenterPatientsPage() {
  const params = useParams();
  const labId = parseUrlId(params.lab_id);
  const harvestCenterId = parseUrlId(params.harvestcenter_id);
  // Part 1 §5: a page needing an id goes to the dashboard without one.
  if (labId === null || harvestCenterId === null) return <Navigate to="/dashboard" replace />;
  return <LabCenterPatients labId={labId} harvestCenterId={harvestCenterId} />;
}

function LabCenterPatients({ labId, harvestCenterId }: { labId: number; harvestCenterId: number }) {
  const { labName, centerName } = useLabCenterNames(labId, harvestCenterId);
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        crumbs={[
          { label: 'Lab', to: '/lab' },
          { label: labName ?? `Lab ${labId}`, to: `/lab/${labId}` },
          { label: centerName ?? 'Harvest Center' },
        ]}
      />
      <PatientList
        title={centerName ? `${centerName}: Patients` : 'Harvest Center Patients'}
        titleOrder={1}
        path={PATIENT_LISTS.labHarvestCenter(labId, harvestCenterId)}
        pageSize={PAGE_SIZE.hcPatients}
      />
    </Stack>
  );
}
