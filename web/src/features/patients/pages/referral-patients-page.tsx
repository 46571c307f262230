import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { PATIENT_LISTS } from '../api/get-patients.ts';
import { PatientList } from '../components/patient-list.tsx';

/** /referral-patients: a harvest center's patients that came through its referral harvest centers. */
export function ReferralPatientsPage() {
  const user = useSignedInUser();
  return (
    <PatientList
      title="Referral Patients"
      titleOrder={1}
      path={PATIENT_LISTS.harvestCenterReferrals(user.id)}
      pageSize={PAGE_SIZE.hcPatients}
    />
  );
}
