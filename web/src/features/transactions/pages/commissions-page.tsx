import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COMMISSION_LEVEL_LABELS, COMMISSION_TEXTS, type TCommissionLine } from '@portal/shared/commissions';
import { formatDisplayMonth } from '@portal/shared/dates';
import { isAdminMembership } from '@portal/shared/memberships';
import { formatCents } from '@portal/shared/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { failureOf } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { TRANSACTION_KEYS, useCommissionSummary } from '../api/transactions-api.ts';
import { CommissionRatesCard } from '../components/commission-rates-card.tsx';

const lineKey = (line: Pick<TCommissionLine, 'level' | 'user_id'>) => `${line.level}:${line.user_id}`;

function monthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/**
 * /commissions: for a period, each visible person's commission by level, paid and unpaid, and the
 * last 12 months. Admins also set rates and pay a selection of lines in one action.
 */
const AXIS_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const formatAxisDollars = (value: number) => AXIS_DOLLARS.format(value);

export function CommissionsPage() {
  const user = useSignedInUser();
  const isAdmin = isAdminMembership(user.membership[0]?.id ?? 0);
  const [dateAfter, setDateAfter] = useState<string | null>(monthStart());
  const [dateBefore, setDateBefore] = useState<string | null>(null);
  const period = { date_after: dateAfter ?? undefined, date_before: dateBefore ?? undefined };
  const summary = useCommissionSummary(period);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const lines = summary.data?.lines ?? [];
  const chosen = lines.filter((line) => selected.has(lineKey(line)) && line.unpaid_cents > 0);
  const markPaid = useMutation({
    mutationFn: () =>
      api.post<{ message: string }>('/api/admin/commissions/mark-paid/', {
        ...period,
        lines: chosen.map((line) => ({ level: line.level, user_id: line.user_id })),
      }),
    onSuccess: async (result) => {
      setConfirming(false);
      setSelected(new Set());
      notifySuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: TRANSACTION_KEYS.all });
      await queryClient.invalidateQueries({ queryKey: TRANSACTION_KEYS.commissions });
    },
  });
  const toggle = (line: TCommissionLine) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(lineKey(line))) next.delete(lineKey(line));
      else next.add(lineKey(line));
      return next;
    });
  const columns: DataTableColumn<TCommissionLine>[] = [
    ...(isAdmin
      ? [
          {
            key: 'select',
            header: 'Pay',
            render: (line: TCommissionLine) => (
              <Checkbox
                aria-label={`Select ${line.name} (${COMMISSION_LEVEL_LABELS[line.level]})`}
                disabled={line.unpaid_cents === 0}
                checked={selected.has(lineKey(line))}
                onChange={() => toggle(line)}
              />
            ),
          },
        ]
      : []),
    { key: 'name', header: 'Name', render: (line) => line.name },
    { key: 'level', header: 'Level', render: (line) => COMMISSION_LEVEL_LABELS[line.level] },
    { key: 'count', header: 'Transactions', render: (line) => line.transactions },
    { key: 'paid', header: 'Paid', render: (line) => formatCents(line.paid_cents) },
    { key: 'unpaid', header: 'Unpaid', render: (line) => formatCents(line.unpaid_cents) },
  ];
  const totals = summary.data?.totals;
  return (
    <Stack gap="md">
      <Title order={1}>{COMMISSION_TEXTS.title}</Title>
      <Group align="flex-end">
        <DatePickerField
          label="From"
          description="Empty: from the start"
          clearable
          value={dateAfter}
          maxDate={dateBefore ?? undefined}
          onChange={setDateAfter}
          w={170}
        />
        <DatePickerField
          label="To"
          clearable
          description="Empty: up to today"
          value={dateBefore}
          minDate={dateAfter ?? undefined}
          onChange={setDateBefore}
          w={170}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Paid in the period
          </Text>
          <Text size="xl" fw={700}>
            {formatCents(totals?.paid_cents ?? 0)}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Unpaid in the period
          </Text>
          <Text size="xl" fw={700}>
            {formatCents(totals?.unpaid_cents ?? 0)}
          </Text>
        </Card>
      </SimpleGrid>
      {isAdmin && (
        <Group>
          <Button disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
            Mark selected as paid
          </Button>
        </Group>
      )}
      <DataTable
        columns={columns}
        rows={lines}
        rowKey={lineKey}
        pageSize={10}
        loading={summary.isPending}
        failure={failureOf(summary)}
        loadingText="Loading commissions..."
      />
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {COMMISSION_TEXTS.chartTitle}
        </Title>
        <BarChart
          h={260}
          data={(summary.data?.months ?? []).map((m) => ({
            month: formatDisplayMonth(m.month),
            Paid: m.paid_cents / 100,
            Unpaid: m.unpaid_cents / 100,
          }))}
          dataKey="month"
          type="stacked"
          valueFormatter={(value) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2 })}`}
          // The axis says "$1.2K" (the tooltip keeps the cents) and is as wide as its longest label:
          // a fixed 60 px, less Mantine's 10 px shift of the labels, cut "$3,000.00" to "3,000.00".
          yAxisProps={{
            width: 'auto',
            tickFormatter: formatAxisDollars,
            tick: { fontSize: 12, fill: 'currentColor' },
            tickMargin: 6,
          }}
          series={[
            { name: 'Paid', color: 'teal.6' },
            { name: 'Unpaid', color: 'orange.5' },
          ]}
        />
      </Card>
      {isAdmin && <CommissionRatesCard />}
      {confirming && (
        <ConfirmDialog
          title="Mark commissions as paid"
          question={`Mark ${formatCents(chosen.reduce((sum, l) => sum + l.unpaid_cents, 0))} of ${chosen.length} line(s) as paid?`}
          confirmLabel="Mark as paid"
          loading={markPaid.isPending}
          error={markPaid.error}
          onConfirm={() => markPaid.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
