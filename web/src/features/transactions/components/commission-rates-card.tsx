import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  COMMISSION_LEVEL_LABELS,
  COMMISSION_LEVELS,
  COMMISSION_TEXTS,
  type CommissionLevel,
  formatRate,
  parseRatePercent,
  type TCommissionRates,
} from '@portal/shared/commissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { useShownErrors } from '../../../components/form.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { TRANSACTION_KEYS, useCommissionRates } from '../api/transactions-api.ts';

type RateLine = TCommissionRates['current'][number];
/** Every product on one page: a short list. */
const RATE_LINES_SHOWN = 50;

/**
 * The rates in force per product and level, and a new rate from a day (admins). A new rate applies
 * to sales written from that day; the shares already stored stay as they were.
 */
export function CommissionRatesCard() {
  const rates = useCommissionRates(true);
  const queryClient = useQueryClient();
  const [productId, setProductId] = useState<string | null>(null);
  const [level, setLevel] = useState<CommissionLevel>('rep');
  const [percent, setPercent] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(null);
  const checks = useShownErrors();
  const rate = parseRatePercent(percent);
  // Found again at each render: an error goes as soon as its field is fixed.
  const found = {
    product: productId ? undefined : 'Choose a product.',
    rate: rate === null ? 'Enter a percentage from 0 to 100, at most two decimals.' : undefined,
  };
  const errors = checks.shown(found);
  const save = useMutation({
    mutationFn: (rate: number) =>
      api.post('/api/admin/commission-rates/', {
        product_id: Number(productId),
        level,
        rate_basis_points: rate,
        effective_from: effectiveFrom ?? undefined,
      }),
    onSuccess: async () => {
      notifySuccess(COMMISSION_TEXTS.rateSaved);
      setPercent('');
      checks.reset();
      await queryClient.invalidateQueries({ queryKey: TRANSACTION_KEYS.commissions });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {COMMISSION_TEXTS.ratesTitle}
        </Title>
        {/* The one DataTable: a card per product on a phone, where the sideways-scrolled table was cut (issue 42). */}
        <DataTable
          columns={[
            { key: 'product', header: 'Product', render: (line) => line.product_name },
            ...COMMISSION_LEVELS.map((l) => ({
              key: l,
              header: COMMISSION_LEVEL_LABELS[l],
              render: (line: RateLine) => formatRate(line[l]),
            })),
          ]}
          rows={rates.data?.current ?? []}
          rowKey={(line) => line.product_id}
          pageSize={RATE_LINES_SHOWN}
          loading={rates.isPending}
          loadingText="Loading rates..."
        />
        <form
          noValidate
          {...checks.formProps}
          onSubmit={(event) => {
            event.preventDefault();
            if (checks.submit(found, event.currentTarget) && rate !== null) save.mutate(rate);
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <Select
              label="Product"
              data={(rates.data?.current ?? []).map((p) => ({
                value: String(p.product_id),
                label: p.product_name,
              }))}
              value={productId}
              onChange={setProductId}
              data-path="product"
              error={errors.product}
              searchable
              w={260}
            />
            <Select
              label="Level"
              data={COMMISSION_LEVELS.map((l) => ({ value: l, label: COMMISSION_LEVEL_LABELS[l] }))}
              value={level}
              onChange={(value) => value && setLevel(value as CommissionLevel)}
              allowDeselect={false}
              w={180}
            />
            <TextInput
              label="Rate (%)"
              value={percent}
              data-path="rate"
              error={errors.rate}
              onChange={(e) => setPercent(e.currentTarget.value)}
              inputMode="decimal"
              w={110}
            />
            <DatePickerField
              label="From"
              description="Empty: today"
              clearable
              value={effectiveFrom}
              onChange={setEffectiveFrom}
              w={150}
            />
            <Button type="submit" loading={save.isPending}>
              Set rate
            </Button>
          </Group>
        </form>
        {(rates.data?.history.length ?? 0) > 0 && (
          <Text size="xs" c="dimmed">
            Last change:{' '}
            {rates.data?.history
              .slice(0, 1)
              .map(
                (h) =>
                  `${h.product_name}, ${COMMISSION_LEVEL_LABELS[h.level]} ${formatRate(h.rate_basis_points)} from ${formatDate(h.effective_from)}`,
              )}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
