import { Checkbox, Group, NumberInput, Radio, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type TPatientField, YES_NO_LABELS } from '@portal/shared/patients';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { DATE_INPUT_FORMAT } from '../../../lib/format-date.ts';
import { estimatedDateOf, type PatientFormValues } from './patient-form-values.ts';

interface PatientLabFieldsProps {
  form: UseFormReturnType<PatientFormValues>;
  editable: ReadonlySet<TPatientField>;
}

type DateField =
  | 'date_adipose_shipped_to_lab'
  | 'date_adipose_received_by_lab'
  | 'date_vials_ready_to_ship'
  | 'stemcell_plating_initiated_date';

/** The lab-tracking part of the patient form (part 1 §3): lab id, QC count, dates, Yes/No answers. */
export function PatientLabFields({ form, editable }: PatientLabFieldsProps) {
  const locked = (field: TPatientField) => !editable.has(field);
  const manual = form.values.estimated_date_set_manually === true;

  const dateInput = (field: DateField, label: string) => (
    <DatePickerField
      label={label}
      valueFormat={DATE_INPUT_FORMAT}
      clearable
      disabled={locked(field)}
      {...form.getInputProps(field)}
    />
  );

  const yesNoInput = (field: 'stemcell_plating_successful' | 'hla_typing_test', label: string) => {
    const value = form.values[field];
    return (
      <Radio.Group
        label={label}
        value={value === null || value === undefined ? null : String(value)}
        onChange={(next) => form.setFieldValue(field, Number(next) as 1 | 2)}
        error={form.errors[field]}
      >
        <Group mt="xs">
          {[1, 2].map((choice) => (
            <Radio
              key={choice}
              value={String(choice)}
              label={YES_NO_LABELS[choice]}
              disabled={locked(field)}
            />
          ))}
        </Group>
      </Radio.Group>
    );
  };

  return (
    <Stack gap="sm">
      <Title order={4}>Lab tracking</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Lab ID" disabled={locked('lab_id')} {...form.getInputProps('lab_id')} />
        <NumberInput
          label="QC Count"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          disabled={locked('number_times_qc_done')}
          {...form.getInputProps('number_times_qc_done')}
        />
        {dateInput('date_adipose_shipped_to_lab', 'Date Adipose Shipped to Lab')}
        {dateInput('date_adipose_received_by_lab', 'Date Adipose Received by Lab')}
        <Stack gap={6}>
          {/* Part 1 §4: the date follows receipt + 70 days and is locked until 'Set date manually'. */}
          <DatePickerField
            label="Estimated Date Vials Ready to Ship"
            valueFormat={DATE_INPUT_FORMAT}
            clearable
            disabled={!manual || locked('estimated_date_vials_ready_to_ship')}
            value={estimatedDateOf(form.values)}
            onChange={(next) => form.setFieldValue('estimated_date_vials_ready_to_ship', next)}
            error={form.errors.estimated_date_vials_ready_to_ship}
          />
          <Checkbox
            label="Set date manually"
            checked={manual}
            disabled={locked('estimated_date_set_manually')}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              // Ticking starts from the date shown, so unlocking never blanks the field.
              if (checked)
                form.setFieldValue('estimated_date_vials_ready_to_ship', estimatedDateOf(form.values));
              form.setFieldValue('estimated_date_set_manually', checked);
            }}
          />
        </Stack>
        {dateInput('date_vials_ready_to_ship', 'Date Vials Ready to Ship')}
        {dateInput('stemcell_plating_initiated_date', 'Stem Cell Plating Initiated Date')}
        {yesNoInput('stemcell_plating_successful', 'Stem Cell Plating Successful')}
        {yesNoInput('hla_typing_test', 'HLA Typing Test')}
        <NumberInput
          label="Vials in Preparation"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          disabled={locked('vials_preparation')}
          {...form.getInputProps('vials_preparation')}
        />
        <NumberInput
          label="Vials Ready to Ship"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          disabled={locked('vials_ready_ship')}
          {...form.getInputProps('vials_ready_ship')}
        />
      </SimpleGrid>
    </Stack>
  );
}
