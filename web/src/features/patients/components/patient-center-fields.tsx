import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  inheritedSalesRepId,
  type TCenterDesc,
  type TPatient,
  type TPatientField,
  type TPersonDesc,
} from '@portal/shared/patients';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { type CenterChoice, useCenterChoices, useLabChoices } from '../api/get-center-choices.ts';
import { useSalesRep } from '../api/get-sales-rep.ts';
import { type IdOption, OptionSelect } from './option-select.tsx';
import type { PatientFormValues } from './patient-form-values.ts';

interface PatientCenterFieldsProps {
  form: UseFormReturnType<PatientFormValues>;
  /** The patient being edited; null while adding one. */
  patient: TPatient | null;
  editable: ReadonlySet<TPatientField>;
}

const personName = (person: TPersonDesc) => `${person.first_name} ${person.last_name}`.trim() || person.email;

/** The choices to show: the loaded list, plus the patient's current pick (a locked field loads no list). */
function withCurrent(choices: CenterChoice[] | undefined, current: TCenterDesc | undefined): IdOption[] {
  const options: IdOption[] = (choices ?? []).map(({ id, label }) => ({ id, label }));
  if (current && !options.some((option) => option.id === current.id)) {
    options.unshift({ id: current.id, label: current.company || current.email });
  }
  return options;
}

/**
 * The sales rep the patient will have: its own until a center is picked, then that center's. A list
 * that gives only the rep's id (the option list of non-admins) says where the rep comes from instead.
 */
function describeRep(
  inherited: number | null | undefined,
  current: TPersonDesc | null,
  picks: (CenterChoice | undefined)[],
): string {
  if (inherited === undefined) return current ? personName(current) : 'None';
  if (inherited === null) return 'None';
  const pick = picks.find((choice) => choice?.salesRepId === inherited);
  if (pick?.salesRep) return personName(pick.salesRep);
  return current?.id === inherited
    ? personName(current)
    : `The sales rep of ${pick?.label ?? 'the chosen center'}`;
}

/**
 * Harvest center, referral harvest center and processing lab, and the sales rep the patient inherits:
 * picking a center passes on that center's rep, or none (part 1 §4).
 */
export function PatientCenterFields({ form, patient, editable }: PatientCenterFieldsProps) {
  const canPickHc = editable.has('harvest_center_temporal');
  const canPickRhc = editable.has('referral_harvest_center_temporal');
  const canPickLab = editable.has('processing_lab');
  const user = useSignedInUser();
  const membership = user.membership[0]?.id ?? 0;
  const hcChoices = useCenterChoices('harvest-center', membership, canPickHc);
  const rhcChoices = useCenterChoices('referral-harvest-center', membership, canPickRhc);
  const labChoices = useLabChoices(canPickLab);

  // A harvest center adds patients to itself: shown as the patient's center, never sent (the server sets it).
  const addingToOwnCenter = patient === null && membership === MEMBERSHIP.harvestCenter;
  // Its own rep, which a harvest center may always read.
  const ownRep = useSalesRep(addingToOwnCenter ? user.saless_rep_id : null);
  const ownCenter: CenterChoice | null = addingToOwnCenter
    ? {
        id: user.id,
        label: user.company || `${user.first_name} ${user.last_name}`.trim(),
        salesRepId: user.saless_rep_id,
        salesRep: ownRep.data ?? null,
      }
    : null;
  const hcId = ownCenter?.id ?? form.values.harvest_center_temporal ?? null;
  const rhcId = form.values.referral_harvest_center_temporal ?? null;
  const hcPick = ownCenter ?? hcChoices.data?.find((choice) => choice.id === hcId);
  const rhcPick = rhcChoices.data?.find((choice) => choice.id === rhcId);
  const inherited = inheritedSalesRepId(
    {
      changed: hcId !== (patient?.harvest_center_temporal ?? null),
      id: hcId,
      salesRepId: hcPick?.salesRepId ?? null,
    },
    {
      changed: rhcId !== (patient?.referral_harvest_center_temporal ?? null),
      id: rhcId,
      salesRepId: rhcPick?.salesRepId ?? null,
    },
  );
  const salesRepText = describeRep(inherited, patient?.sales_rep_desc ?? null, [hcPick, rhcPick]);

  const labOptions: IdOption[] = (labChoices.data ?? []).map(({ id, label }) => ({ id, label }));
  if (patient?.processing_lab && !labOptions.some((option) => option.id === patient.processing_lab)) {
    labOptions.unshift({ id: patient.processing_lab, label: patient.processing_lab_name ?? '' });
  }

  return (
    <Stack gap="sm">
      <Title order={4}>Centers</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <OptionSelect
          label="Harvest Center"
          options={ownCenter ? [ownCenter] : withCurrent(hcChoices.data, patient?.hc_desc[0])}
          disabled={!canPickHc}
          value={hcId}
          onChange={(id) => form.setFieldValue('harvest_center_temporal', id)}
          error={form.errors.harvest_center_temporal}
        />
        <OptionSelect
          label="Referral Harvest Center"
          options={withCurrent(rhcChoices.data, patient?.rhc_desc[0])}
          disabled={!canPickRhc}
          value={rhcId}
          onChange={(id) => form.setFieldValue('referral_harvest_center_temporal', id)}
          error={form.errors.referral_harvest_center_temporal}
        />
        <OptionSelect
          label="Processing Lab"
          options={labOptions}
          disabled={!canPickLab}
          value={form.values.processing_lab ?? null}
          onChange={(id) => form.setFieldValue('processing_lab', id)}
          error={form.errors.processing_lab}
        />
        <TextInput label="Sales Rep" readOnly variant="filled" value={salesRepText} />
      </SimpleGrid>
    </Stack>
  );
}
