import { Badge, Box, Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate } from '@portal/shared/dates';
import { LAB_STAGE_LABELS, type TPatientDetail, YES_NO_LABELS } from '@portal/shared/patients';
import type { ReactNode } from 'react';
import { usePatientVialsSection } from './patient-vials-slot.ts';

interface PatientReadOnlyViewProps {
  patient: TPatientDetail;
  /** Part 1 §5: sales reps do not see the patient's name and e-mail. */
  showIdentity: boolean;
  onDone: () => void;
}

const NONE = '—';

/** A 'YYYY-MM-DD' day as "12 Mar 2026" (the portal's one date format). */
const formatDay = (isoDay: string | null) => formatDisplayDate(isoDay, NONE);

const yesNo = (value: number | null) => (value === null ? NONE : (YES_NO_LABELS[value] ?? NONE));
const orNone = (value: string | null | undefined) => value?.trim() || NONE;

export function patientDisplayName(patient: TPatientDetail, showIdentity: boolean): string {
  const name = `${patient.first_name} ${patient.last_name}`.trim();
  return showIdentity && name ? name : `Patient ${patient.id}`;
}

/** A titled description list: terms and their values, two columns from small screens up. */
function Details({ title, items }: { title: string; items: [string, ReactNode][] }) {
  return (
    <Stack gap="xs">
      <Title order={4}>{title}</Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" m={0}>
        {items.map(([term, value]) => (
          <Box key={term}>
            <Text component="dt" size="sm" c="dimmed">
              {term}
            </Text>
            <Text component="dd" m={0}>
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The patient as text, for whoever may see but not change it (sales roles, referral centers, staff):
 * what a locked form would show, read as a description list rather than as disabled fields.
 */
export function PatientReadOnlyView({ patient, showIdentity, onDone }: PatientReadOnlyViewProps) {
  const VialsSection = usePatientVialsSection();
  const rep = patient.sales_rep_desc;
  const repName = rep ? `${rep.first_name} ${rep.last_name}`.trim() || rep.email : NONE;
  const estimated = formatDay(patient.estimated_date_vials_ready_to_ship);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3}>{patientDisplayName(patient, showIdentity)}</Title>
          <Text size="sm" c="dimmed">
            You can view this patient's data but not change it.
          </Text>
        </Stack>
        <Badge variant="light" color="gray">
          {LAB_STAGE_LABELS[patient.lab_stage]}
        </Badge>
      </Group>
      {showIdentity && (
        <Details
          title="Patient"
          items={[
            ['Email', orNone(patient.email)],
            ['Phone Number', orNone(patient.phone_number)],
          ]}
        />
      )}
      <Details
        title="Centers"
        items={[
          ['Harvest Center', orNone(patient.hc_desc[0]?.company || patient.hc_desc[0]?.email)],
          ['Referral Harvest Center', orNone(patient.rhc_desc[0]?.company || patient.rhc_desc[0]?.email)],
          ['Processing Lab', orNone(patient.processing_lab_name)],
          ['Sales Rep', repName],
        ]}
      />
      <Details
        title="Lab tracking"
        items={[
          ['Lab ID', orNone(patient.lab_id)],
          ['QC Count', patient.number_times_qc_done],
          ['Date Adipose Shipped to Lab', formatDay(patient.date_adipose_shipped_to_lab)],
          ['Date Adipose Received by Lab', formatDay(patient.date_adipose_received_by_lab)],
          [
            'Estimated Date Vials Ready to Ship',
            patient.estimated_date_set_manually && estimated !== NONE
              ? `${estimated} (set manually)`
              : estimated,
          ],
          ['Date Vials Ready to Ship', formatDay(patient.date_vials_ready_to_ship)],
          ['Stem Cell Plating Initiated Date', formatDay(patient.stemcell_plating_initiated_date)],
          ['Stem Cell Plating Successful', yesNo(patient.stemcell_plating_successful)],
          ['HLA Typing Test', yesNo(patient.hla_typing_test)],
          ['Vials in Preparation', patient.vials_preparation],
          ['Vials Ready to Ship', patient.vials_ready_ship],
        ]}
      />
      <Divider />
      <VialsSection patientId={patient.id} readOnly />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
