import { Button, Group, NumberInput, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { todayIsoDate } from '@portal/shared/dates';
import { type TVialRecord, VIAL_TYPE_LABELS, VIAL_TYPES, ZVialRecordCreate } from '@portal/shared/vials';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { DATE_INPUT_FORMAT } from '../../../lib/format-date.ts';
import { useSaveVialRecord } from '../api/save-vial-record.ts';

/** The vial record's fields (vial-record-modal.tsx loads this with the first opening). */
export function VialRecordForm({
  patientId,
  record,
  onDone,
}: {
  patientId: number;
  record: TVialRecord | null;
  onDone: () => void;
}) {
  // The create schema checks the whole record (the tracking id of a shipment too), editing included.
  const form = useSchemaForm(ZVialRecordCreate, {
    user: patientId,
    type: record?.type ?? 'added',
    quantity: record?.quantity ?? 0,
    date: record?.date ?? todayIsoDate(),
    note: record?.note ?? '',
    tracking_id: record?.tracking_id ?? '',
  });
  const save = useSaveVialRecord(patientId);
  const shipped = form.values.type === 'shipped';
  // Radio.Group lays its props on a plain div, where aria-required is not allowed (axe's
  // aria-allowed-attr); one of the two is always chosen, so the asterisk alone says it.
  const typeProps = { ...form.getInputProps('type'), 'aria-required': undefined };

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        const parsed = ZVialRecordCreate.parse(values);
        // Only a shipment carries a tracking id; one typed before switching to 'added' is dropped.
        const body = { ...parsed, tracking_id: parsed.type === 'shipped' ? parsed.tracking_id : '' };
        const { user: _patient, ...changes } = body;
        save.mutate(record ? { kind: 'update', id: record.id, body: changes } : { kind: 'create', body }, {
          onSuccess: onDone,
          onError: (error) => setServerErrors(form, error),
        });
      })}
    >
      <Stack>
        <Radio.Group label="Type" {...typeProps}>
          <Group mt="xs">
            {VIAL_TYPES.map((type) => (
              <Radio key={type} value={type} label={VIAL_TYPE_LABELS[type]} />
            ))}
          </Group>
        </Radio.Group>
        <NumberInput
          label="Quantity"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('quantity')}
        />
        <DatePickerField label="Date" valueFormat={DATE_INPUT_FORMAT} {...form.getInputProps('date')} />
        {shipped && <TextInput label="Tracking ID" {...form.getInputProps('tracking_id')} />}
        <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
