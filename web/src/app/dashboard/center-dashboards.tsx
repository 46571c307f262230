import { Stack } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { HarvestCenterPaymentsCard } from '../../features/checkout/components/harvest-center-payments-card.tsx';
import { PATIENT_LISTS } from '../../features/patients/api/get-patients.ts';
import { PatientList } from '../../features/patients/components/patient-list.tsx';

/** A harvest center's dashboard: its payments and orders, its patients, and adding one. */
export function HarvestCenterDashboard({ user }: { user: TSessionUser }) {
  return (
    <Stack gap="lg">
      <HarvestCenterPaymentsCard hasSalesRep={user.saless_rep_id !== null} referral={false} />
      <PatientList
        title="Patients"
        path={PATIENT_LISTS.harvestCenter(user.id)}
        pageSize={PAGE_SIZE.hcPatients}
        canAdd
      />
    </Stack>
  );
}

/** A referral harvest center's dashboard: its payments (the referral fees) and the patients it referred. */
export function ReferralHarvestCenterDashboard({ user }: { user: TSessionUser }) {
  return (
    <Stack gap="lg">
      <HarvestCenterPaymentsCard hasSalesRep={user.saless_rep_id !== null} referral />
      <PatientList
        title="Patients"
        path={PATIENT_LISTS.referralHarvestCenter(user.id)}
        pageSize={PAGE_SIZE.hcPatients}
      />
    </Stack>
  );
}
