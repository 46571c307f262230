import { Card, Stack } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { MEMBERSHIP, VIAL_CHECKOUT_TAG_ID } from '@portal/shared/memberships';
import { PatientDocumentsTable } from '../../features/documents/components/patient-documents-table.tsx';
import { CheckoutVialsCard } from '../../features/patients/components/checkout-vials-card.tsx';
import { PatientStageCard } from '../../features/patients/components/patient-stage-card.tsx';
import { VialsSection } from '../../features/vials/components/vials-section.tsx';

const CENTER_MEMBERSHIPS: readonly number[] = [MEMBERSHIP.harvestCenter, MEMBERSHIP.referralHarvestCenter];

/** Part 1 §2: tag 1 opens vial checkout, except to harvest centers and referral harvest centers. */
function mayCheckOutVials(user: TSessionUser): boolean {
  const membership = user.membership[0]?.id ?? 0;
  return user.tags.includes(VIAL_CHECKOUT_TAG_ID) && !CENTER_MEMBERSHIPS.includes(membership);
}

/** The patient's dashboard: its vials, its documents and, with the tag, vial checkout. */
export function PatientDashboard({ user }: { user: TSessionUser }) {
  return (
    <Stack gap="lg">
      <PatientStageCard patientId={user.id} />
      {mayCheckOutVials(user) && <CheckoutVialsCard hasSalesRep={user.saless_rep_id !== null} />}
      {/* The summary's vial cards lead here. */}
      <Card withBorder padding="lg" id="vials-history">
        <VialsSection patientId={user.id} readOnly />
      </Card>
      <Card withBorder padding="lg">
        <PatientDocumentsTable patientId={user.id} canSign />
      </Card>
    </Stack>
  );
}
