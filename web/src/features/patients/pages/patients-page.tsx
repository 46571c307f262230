import { isAdminMembership, MEMBERSHIP } from '@portal/shared/memberships';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { PATIENT_LISTS } from '../api/get-patients.ts';
import { PatientList } from '../components/patient-list.tsx';

/** /patients: every patient the caller may see (a sales rep's patients, all of them for admins). */
export function PatientsPage() {
  const membership = useSignedInUser().membership[0]?.id ?? 0;
  const canAdd = isAdminMembership(membership) || membership === MEMBERSHIP.harvestCenter;
  return (
    <PatientList
      title="Patients"
      titleOrder={1}
      path={PATIENT_LISTS.visible()}
      pageSize={PAGE_SIZE.patients}
      canAdd={canAdd}
    />
  );
}
