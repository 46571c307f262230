import { Button, Group, Loader, Modal, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TTransactionHistoryRow } from '@portal/shared/checkout';
import { todayIsoDate } from '@portal/shared/dates';
import {
  LABEL_FORM_DELAY_MS,
  OTHER_PATIENT_ID,
  SHIPPING_LABEL_TEXTS,
  type TLabelRequestForm,
  ZLabelRequestForm,
} from '@portal/shared/shipping-labels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePatientOptions } from '../../../components/centers/center-queries.ts';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import {
  addressOfLocation,
  LocationAddressInputs,
  SavedLocationPicker,
} from '../../../components/location-address-inputs.tsx';
import { useSavedLocations } from '../../../components/payment/payment-api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { requestLabel } from '../api/shipping-labels-api.ts';

export type LabelCenter = {
  id: number;
  company: string;
  email: string;
  contactName: string;
  referral: boolean;
};

const OTHER = String(OTHER_PATIENT_ID);

/** Part 2 §5: 'Other' clears the other patients; a patient chosen after 'Other' clears it. */
export function nextPatientChoice(previous: string[], next: string[]): string[] {
  const added = next.filter((id) => !previous.includes(id));
  if (added.includes(OTHER)) return [OTHER];
  if (added.length > 0) return next.filter((id) => id !== OTHER);
  return next;
}

/**
 * The label request of one processing-fee transaction: first the patients (the transaction's
 * patient chosen, others of the center or 'Other' may be added), then, 1.5 s after a choice, the
 * request form (part 2 §2, §5, §9).
 */
export function LabelRequestDialog({
  center,
  transaction,
  onClose,
}: {
  center: LabelCenter;
  transaction: TTransactionHistoryRow;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [patientIds, setPatientIds] = useState<string[]>(() => transaction.patient.map((p) => String(p.id)));
  const [formShown, setFormShown] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const patients = usePatientOptions(center.id, center.referral, debounced.trim(), true);
  const locations = useSavedLocations(center.id);

  const form = useSchemaForm<TLabelRequestForm>(ZLabelRequestForm, {
    harvest_center_name: center.company,
    harvest_center_email: center.email,
    harvest_center_representative: center.contactName,
    doctor_name: '',
    doctor_email: '',
    doctor_phone: '',
    other_patient_name: '',
    label_date: todayIsoDate(),
    address1: '',
    address2: '',
    city: '',
    state_desc: '',
    country_desc: '',
    zip_code: '',
  });
  const { setValues } = form;

  // The default saved location fills the address once it has loaded.
  const defaultLocation = locations.data?.[0];
  useEffect(() => {
    if (!defaultLocation) return;
    setValues((values) => (values.address1 ? values : addressOfLocation(defaultLocation)));
  }, [defaultLocation, setValues]);

  // Choosing a patient opens the form 1.5 s later (part 2 §9); no patient, no form.
  useEffect(() => {
    if (patientIds.length === 0) {
      setFormShown(false);
      return;
    }
    const timer = setTimeout(() => setFormShown(true), LABEL_FORM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [patientIds.length]);

  const submit = useMutation({
    mutationFn: (values: TLabelRequestForm) =>
      requestLabel({
        ...values,
        harvest_center: center.id,
        transaction_id: transaction.id,
        patients_ids: patientIds.join(','),
        label_date: values.label_date || null,
      }),
    onSuccess: async () => {
      notifySuccess(SHIPPING_LABEL_TEXTS.requested);
      await queryClient.invalidateQueries({ queryKey: ['checkout', 'history'] });
      onClose();
    },
    onError: (error) => setServerErrors(form, error),
  });

  const options = [
    ...transaction.patient.map((p) => ({ value: String(p.id), label: `${p.first_name} ${p.last_name}` })),
    ...(patients.data ?? []).map((p) => ({ value: String(p.value), label: p.label })),
    { value: OTHER, label: 'Other' },
  ].filter((option, index, all) => all.findIndex((o) => o.value === option.value) === index);
  const other = patientIds.includes(OTHER);

  return (
    <Modal opened onClose={onClose} title="Request FedEx Label" centered size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (patientIds.length === 0) {
            form.setFieldError('patients_ids', SHIPPING_LABEL_TEXTS.selectPatients);
            return;
          }
          if (other && !values.other_patient_name?.trim()) {
            form.setFieldError('other_patient_name', SHIPPING_LABEL_TEXTS.otherNameRequired);
            return;
          }
          submit.mutate(values);
        })}
      >
        <Stack>
          <MultiSelect
            label="Patients"
            description="The patients whose samples travel under this label"
            data={options}
            value={patientIds}
            onChange={(next) => {
              setPatientIds((previous) => nextPatientChoice(previous, next));
              form.setFieldError('patients_ids', null);
            }}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            error={form.errors.patients_ids}
            data-path="patients_ids"
            comboboxProps={{ withinPortal: true }}
          />
          {patientIds.length === 0 && <Text c="dimmed">{SHIPPING_LABEL_TEXTS.selectPatients}</Text>}
          {patientIds.length > 0 && !formShown && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">Opening the request form...</Text>
            </Group>
          )}
          {formShown && (
            <>
              {other && (
                <TextInput
                  label="Other patient's name"
                  {...form.getInputProps('other_patient_name')}
                  withAsterisk
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Harvest center" readOnly {...form.getInputProps('harvest_center_name')} />
                <TextInput
                  label="Harvest center e-mail"
                  type="email"
                  {...form.getInputProps('harvest_center_email')}
                />
                <TextInput
                  label="Representative name"
                  {...form.getInputProps('harvest_center_representative')}
                />
                <DatePickerField label="Label date" {...form.getInputProps('label_date')} />
                <TextInput label="Doctor name" {...form.getInputProps('doctor_name')} />
                <TextInput label="Doctor e-mail" type="email" {...form.getInputProps('doctor_email')} />
                <TextInput label="Doctor phone" {...form.getInputProps('doctor_phone')} />
              </SimpleGrid>
              <SavedLocationPicker locations={locations.data ?? []} onPick={setValues} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <LocationAddressInputs inputProps={(field) => form.getInputProps(field)} />
              </SimpleGrid>
              <FormAlert error={submit.error} form={form} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={submit.isPending} disabled={!formShown}>
              Request Label
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
