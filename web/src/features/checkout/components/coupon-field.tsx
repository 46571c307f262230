import { Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { validateCoupon } from '../api/checkout-api.ts';

export type CouponState =
  | { status: 'unchecked' }
  | { status: 'checking' }
  | { status: 'valid'; code: string; discountCents: number }
  | { status: 'invalid'; message: string };

/**
 * The coupon code with Apply: checking, then a green or a red mark (part 2 §4 Coupon check). The
 * code and its state are the form's; a change of the code makes it unchecked again.
 */
export function CouponField({
  productId,
  harvestCenterId,
  code,
  state,
  onChange,
}: {
  productId: number;
  harvestCenterId: number | null;
  code: string;
  state: CouponState;
  onChange: (state: CouponState, code: string) => void;
}) {
  const apply = async () => {
    if (!code.trim()) return;
    onChange({ status: 'checking' }, code);
    try {
      const answer = await validateCoupon(code.trim(), productId, harvestCenterId);
      onChange(
        answer.success
          ? { status: 'valid', code: answer.code, discountCents: answer.discount_cents }
          : { status: 'invalid', message: answer.message || 'This coupon code is not valid.' },
        code,
      );
    } catch (error) {
      onChange({ status: 'invalid', message: errorMessage(error) }, code);
    }
  };
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Coupon code"
        value={code}
        onChange={(event) => onChange({ status: 'unchecked' }, event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        error={state.status === 'invalid' ? state.message : undefined}
        rightSection={
          state.status === 'checking' ? (
            <Loader size="xs" aria-label="Checking the coupon" />
          ) : state.status === 'valid' ? (
            <Text c="green" fw={700} aria-label="Coupon applied">
              ✓
            </Text>
          ) : state.status === 'invalid' ? (
            <Text c="red" fw={700} aria-label="Coupon not valid">
              ✕
            </Text>
          ) : null
        }
      />
      <Button variant="light" onClick={() => void apply()} loading={state.status === 'checking'}>
        Apply
      </Button>
    </Group>
  );
}
