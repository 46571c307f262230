import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { dollarsToCents, formatCents } from '@portal/shared/products';
import {
  TRANSACTION_TEXTS,
  TRANSACTION_UPDATED_CLOSE_MS,
  type TTransactionEditBody,
  type TTransactionRow,
} from '@portal/shared/transactions';
import { TEXT } from '@portal/shared/ui-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RemoteOptionSelect } from '../../../components/remote-option-select.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { TRANSACTION_KEYS, updateTransaction, useProducts } from '../api/transactions-api.ts';

type Draft = Omit<TTransactionEditBody, 'amount_cents'> & { amount: number | string };

function draftOf(row: TTransactionRow): Draft {
  return {
    product_id: row.product[0]?.id ?? 0,
    quantity: row.quantity,
    amount: row.amount_cents / 100,
    harvest_center: row.harvest_center,
    referral_harvest_center: row.referral_harvest_center,
    patient: row.patient,
    sales_rep: row.sales_rep,
    commission_paid: row.commission_paid,
    transaction_note: '',
  };
}

/** The sale's parties an admin may change, with the list each is picked from. */
const PARTY_PICKERS = [
  { field: 'harvest_center', list: 'harvest-centers', label: 'Harvest center', current: 'hc' },
  {
    field: 'referral_harvest_center',
    list: 'referral-harvest-centers',
    label: 'Referral harvest center',
    current: 'rhc',
  },
  { field: 'patient', list: 'patients', label: 'Patient', current: 'patient_desc' },
  { field: 'sales_rep', list: 'sales-reps', label: 'Sales rep', current: 'sales_rep_desc' },
] as const;

/** A party's current value stays visible in its picker before any search. */
function PartyPicker(props: {
  list: 'harvest-centers' | 'referral-harvest-centers' | 'patients' | 'sales-reps';
  label: string;
  value: number | null;
  current: string;
  onChange: (id: number | null) => void;
}) {
  return (
    <Stack gap={2}>
      <RemoteOptionSelect
        list={props.list}
        label={props.label}
        value={props.value ?? undefined}
        onChange={(id) => props.onChange(id ?? null)}
      />
      {props.value !== null && props.current && (
        <Text size="xs" c="dimmed">
          Now: {props.current}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The admin's edit of a transaction (part 2 §3 edit payload, §5): a note is required, the notes so
 * far are listed with their dates; 'Transaction has been updated' closes the dialog after 2.5 s.
 */
export function TransactionEditDialog({ row, onClose }: { row: TTransactionRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const products = useProducts();
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const [noteError, setNoteError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: () => {
      const { amount, ...rest } = draft;
      return updateTransaction(row.id, { ...rest, amount_cents: dollarsToCents(amount) });
    },
    onSuccess: async () => {
      setDone(true);
      notifySuccess(TRANSACTION_TEXTS.updated);
      await queryClient.invalidateQueries({ queryKey: TRANSACTION_KEYS.all });
      setTimeout(onClose, TRANSACTION_UPDATED_CLOSE_MS);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  return (
    <Modal opened onClose={onClose} title={`Edit transaction #${row.id}`} centered size="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!draft.transaction_note.trim()) {
            // The spec's one message for a missing note (part 2 §10), at the field it is about.
            setNoteError(TRANSACTION_TEXTS.noChanges);
            return;
          }
          setNoteError(null);
          save.mutate();
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Product"
              placeholder={TEXT.selectPlaceholder}
              data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={String(draft.product_id)}
              onChange={(id) => id && set('product_id', Number(id))}
              allowDeselect={false}
            />
            <NumberInput
              label="Quantity"
              min={1}
              allowDecimal={false}
              value={draft.quantity}
              onChange={(value) => set('quantity', Number(value) || 1)}
            />
            <NumberInput
              label="Amount ($)"
              min={0}
              decimalScale={2}
              value={draft.amount}
              onChange={(value) => set('amount', value)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {PARTY_PICKERS.map((picker) => (
              <PartyPicker
                key={picker.field}
                list={picker.list}
                label={picker.label}
                value={draft[picker.field]}
                current={row[picker.current]}
                onChange={(id) => set(picker.field, id)}
              />
            ))}
          </SimpleGrid>
          <Switch
            label="Commission paid"
            checked={draft.commission_paid}
            onChange={(event) => set('commission_paid', event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            Commissions: rep {formatCents(row.commissions.rep_cents)}, manager{' '}
            {formatCents(row.commissions.manager_cents)}, distributor{' '}
            {formatCents(row.commissions.distributor_cents)}
          </Text>
          <Textarea
            label={TRANSACTION_TEXTS.noteLabel}
            required
            autosize
            minRows={2}
            value={draft.transaction_note}
            // Goes as soon as a note is written, not at the next Update.
            error={draft.transaction_note.trim() ? null : noteError}
            onChange={(event) => set('transaction_note', event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={save.isPending} disabled={done}>
              Update
            </Button>
          </Group>
          <Title order={3} size="h5">
            Notes
          </Title>
          {row.transaction_history.length === 0 ? (
            <Text size="sm" c="dimmed">
              No notes yet.
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2}>
              {row.transaction_history.map((note) => (
                <Timeline.Item key={note.id} title={formatDateTime(note.date)}>
                  <Text size="sm">{note.note}</Text>
                  <Text size="xs" c="dimmed">
                    {note.author}
                    {note.summary && ` · ${note.summary}`}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
