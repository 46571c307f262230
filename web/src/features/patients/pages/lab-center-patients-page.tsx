import { Anchor, Stack } from '@mantine/core';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { Link, Navigate, useParams } from 'react-router';
import { useHarvestCenter } from '../api/get-harvest-center.ts';
import { PATIENT_LISTS } from '../api/get-patients.ts';
import { PatientList } from '../components/patient-list.tsx';

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /lab/:lab_id/harvest-center/:harvestcenter_id: one harvest center's patients, seen from its lab. */
export function LabCenterPatientsPage() {
  const params = useParams();
  const labId = positiveId(params.lab_id);
  const harvestCenterId = positiveId(params.harvestcenter_id);
  const center = useHarvestCenter(harvestCenterId);
  // Part 1 §5: a page needing an id goes to the dashboard without one.
  if (labId === null || harvestCenterId === null) return <Navigate to="/dashboard" replace />;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/lab/${labId}`} size="sm">
        Back to the lab's harvest centers
      </Anchor>
      <PatientList
        title={center.data ? `${center.data.company}: Patients` : 'Harvest Center Patients'}
        path={PATIENT_LISTS.labHarvestCenter(labId, harvestCenterId)}
        pageSize={PAGE_SIZE.hcPatients}
      />
    </Stack>
  );
}
