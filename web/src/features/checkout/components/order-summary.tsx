import { Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { CheckoutTotals } from '@portal/shared/checkout';
import { formatCents } from '@portal/shared/products';

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400} data-testid={`summary-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Group>
  );
}

/** Price, quantity, shipping fee, (harvest fee), discount and total, as the server will charge them. */
export function OrderSummary({
  unitPriceCents,
  quantity,
  totals,
}: {
  unitPriceCents: number;
  quantity: number;
  totals: CheckoutTotals;
}) {
  return (
    <Stack gap={6} aria-label="Order summary">
      <Title order={2} size="h4">
        Order summary
      </Title>
      <Line label="Price" value={formatCents(unitPriceCents)} />
      <Line label="Quantity" value={String(quantity)} />
      <Line label="Shipping fee" value={formatCents(totals.shippingFeeCents)} />
      {totals.harvestFeeCents > 0 && <Line label="Harvest fee" value={formatCents(totals.harvestFeeCents)} />}
      {/* Only with a coupon that takes something off: "-$0.00" reads as a coupon gone wrong. */}
      {totals.discountCents > 0 && <Line label="Discount" value={`-${formatCents(totals.discountCents)}`} />}
      <Divider />
      <Line label="Total" value={formatCents(totals.totalCents)} strong />
    </Stack>
  );
}
