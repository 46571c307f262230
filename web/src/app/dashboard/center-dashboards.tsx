import type { TSessionUser } from '@portal/shared/auth';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { PATIENT_LISTS } from '../../features/patients/api/get-patients.ts';
import { PatientList } from '../../features/patients/components/patient-list.tsx';

/** A harvest center's dashboard: its patients, and adding one (the payments card is the commerce issue's). */
export function HarvestCenterDashboard({ user }: { user: TSessionUser }) {
  return (
    <PatientList
      title="Patients"
      path={PATIENT_LISTS.harvestCenter(user.id)}
      pageSize={PAGE_SIZE.hcPatients}
      canAdd
    />
  );
}

/** A referral harvest center's dashboard: the patients it referred. */
export function ReferralHarvestCenterDashboard({ user }: { user: TSessionUser }) {
  return (
    <PatientList
      title="Patients"
      path={PATIENT_LISTS.referralHarvestCenter(user.id)}
      pageSize={PAGE_SIZE.hcPatients}
    />
  );
}
