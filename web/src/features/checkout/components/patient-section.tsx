import { Card, Radio, Select, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TSessionUser } from '@portal/shared/auth';
import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import { usePatientOptions } from '../../../components/centers/center-queries.ts';
import { errorsUnder } from '../../../components/form-validation.ts';
import { useHarvestCenterChoices } from '../api/checkout-api.ts';
import type { CheckoutDraft, SetDraftField, YesNo } from './checkout-draft.ts';
import { type CheckoutRules, type ShownErrors, showsPatientPicker } from './checkout-order.ts';
import { ReferralPatientFields } from './referral-patient-fields.tsx';

/**
 * Whom the order is for: the referral's harvest center, its new patient or an existing one, and its
 * 'Harvest Fee'; any other center's order may name one of its patients. Nothing for a patient's own order.
 */
export function PatientSection({
  user,
  rules,
  draft,
  errors,
  set,
}: {
  user: TSessionUser;
  rules: CheckoutRules;
  draft: CheckoutDraft;
  /** Every shown error by data-path: this section shows 'choice.*' and 'patient.*'. */
  errors: ShownErrors;
  set: SetDraftField;
}) {
  const { referral, needsPatient, isReferralCenter } = rules;
  const showPicker = showsPatientPicker(draft, rules);
  const [debouncedSearch] = useDebouncedValue(draft.patientSearch, 300);
  const patients = usePatientOptions(user.id, isReferralCenter, debouncedSearch, showPicker);
  const centers = useHarvestCenterChoices(referral);
  if (!referral && !showPicker) return null;
  const choiceErrors = errorsUnder('choice', errors);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Patient
        </Title>
        {referral && (
          <Select
            label="Patient harvest center"
            placeholder="Select a harvest center"
            required
            data-path="choice.harvest_center"
            error={choiceErrors.harvest_center}
            data={(centers.data ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
            value={draft.harvestCenterId}
            onChange={(id) => set('harvestCenterId', id)}
            searchable
            nothingFoundMessage="No results found"
          />
        )}
        {referral && (
          <ReferralPatientFields
            value={draft.newPatient}
            errors={errorsUnder('patient', errors)}
            onChange={(patient) => set('newPatient', patient)}
          />
        )}
        {showPicker && (
          <Select
            label={CHECKOUT_TEXTS.selectPatientLabel}
            placeholder="Search a patient"
            required={needsPatient}
            data-path="choice.patient"
            error={choiceErrors.patient}
            data={(patients.data ?? []).map((p) => ({ value: String(p.id), label: p.label }))}
            value={draft.patientId}
            onChange={(id) => set('patientId', id)}
            searchable
            searchValue={draft.patientSearch}
            onSearchChange={(search) => set('patientSearch', search)}
            clearable
            nothingFoundMessage="No results found"
          />
        )}
        {referral && (
          <Radio.Group
            label={CHECKOUT_TEXTS.harvestFee}
            value={draft.harvestFee}
            onChange={(v) => set('harvestFee', v as YesNo)}
          >
            <Stack gap={4} mt={4}>
              <Radio value="yes" label="Yes" />
              <Radio value="no" label="No" />
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Card>
  );
}
