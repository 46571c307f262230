import { Card, NumberInput, Radio, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { MAX_ORDER_QUANTITY } from '@portal/shared/checkout';
import { todayIsoDate } from '@portal/shared/dates';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import type { CheckoutDraft, SetDraftField, YesNo } from './checkout-draft.ts';
import type { CheckoutRules } from './checkout-order.ts';
import { CouponField } from './coupon-field.tsx';

/** What is ordered: the product, its quantity, when and whether it ships, and the coupon. */
export function OrderSection({
  rules,
  draft,
  couponCenterId,
  set,
}: {
  rules: CheckoutRules;
  draft: CheckoutDraft;
  /** The center the coupon is checked for. */
  couponCenterId: number | null;
  set: SetDraftField;
}) {
  const { product, ships } = rules;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Order
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Product" value={product.name} readOnly />
          <NumberInput
            label="Quantity"
            min={1}
            max={MAX_ORDER_QUANTITY}
            allowDecimal={false}
            value={draft.quantity}
            onChange={(v) => set('quantity', Math.min(MAX_ORDER_QUANTITY, Math.max(1, Number(v) || 1)))}
          />
          {ships && (
            <DatePickerField
              label="Shipping date"
              value={draft.shippingDate}
              onChange={(v) => set('shippingDate', v ? String(v) : null)}
              minDate={todayIsoDate()}
            />
          )}
          {ships && product.shipping_fee_cents > 0 && (
            <Radio.Group label="Shipping" value={draft.shipIt} onChange={(v) => set('shipIt', v as YesNo)}>
              <Stack gap={4} mt={4}>
                <Radio value="yes" label="Ship it (shipping fee)" />
                <Radio value="no" label="No shipping" />
              </Stack>
            </Radio.Group>
          )}
        </SimpleGrid>
        <CouponField
          productId={product.id}
          harvestCenterId={couponCenterId}
          code={draft.couponCode}
          state={draft.coupon}
          onChange={(state, code) => {
            set('coupon', state);
            set('couponCode', code);
          }}
        />
      </Stack>
    </Card>
  );
}
