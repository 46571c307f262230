import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { PATIENT_LISTS } from '../api/get-patients.ts';
import { PatientList } from '../components/patient-list.tsx';

/** /all-patients-team: the patients of a sales manager's reps. */
export function ManagerTeamPatientsPage() {
  const user = useSignedInUser();
  return (
    <PatientList
      title="Team Patients"
      titleOrder={1}
      path={PATIENT_LISTS.salesManagerTeam(user.id)}
      pageSize={PAGE_SIZE.patients}
    />
  );
}

/** /all-manager-patients-team: the patients of a sales distributor's managers' reps. */
export function DistributorTeamPatientsPage() {
  const user = useSignedInUser();
  return (
    <PatientList
      title="Team Patients"
      titleOrder={1}
      path={PATIENT_LISTS.salesDistributorTeam(user.id)}
      pageSize={PAGE_SIZE.patients}
    />
  );
}
