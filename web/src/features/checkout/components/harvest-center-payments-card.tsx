import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import type { TProductOption } from '@portal/shared/products';
import { PRODUCT } from '@portal/shared/products';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client.ts';

/** Fees have their own checkouts; every other product goes through the product checkout. */
const FEES: readonly number[] = [PRODUCT.processingFee, PRODUCT.referralHarvestFee];

/**
 * A long product name wraps inside its button (which grows a line) instead of being cut: Mantine's
 * button keeps one line of its height and hides the rest ("FDA Cleared Single-Use Sterile Disp").
 */
const WRAPPING_LABEL = {
  h: 'auto',
  mih: 36,
  maw: '100%',
  py: 8,
  styles: { label: { whiteSpace: 'normal', height: 'auto', lineHeight: 1.3, textAlign: 'center' } },
} as const;

/** A button to a checkout; without a sales rep a disabled button that leads nowhere. */
function CheckoutButton({
  to,
  disabled,
  variant,
  children,
}: {
  to: string;
  disabled: boolean;
  variant?: string;
  children: string;
}) {
  return disabled ? (
    <Button disabled variant={variant} {...WRAPPING_LABEL}>
      {children}
    </Button>
  ) : (
    <Button component={Link} to={to} variant={variant} {...WRAPPING_LABEL}>
      {children}
    </Button>
  );
}

/**
 * 'Harvest Center Payments' on the HC and RHC dashboards (part 1 §2): the fees and the products,
 * each leading to its checkout; dimmed and disabled without a sales rep (part 1 §5).
 */
export function HarvestCenterPaymentsCard({
  hasSalesRep,
  referral,
}: {
  hasSalesRep: boolean;
  referral: boolean;
}) {
  const products = useQuery({
    queryKey: ['products', 'options'],
    queryFn: () => api.get<TProductOption[]>('/api/v1/products/list-all-options/'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const disabled = !hasSalesRep;
  return (
    <Card component="section" withBorder padding="lg" aria-label="Harvest Center Payments">
      <Stack gap="sm" opacity={disabled ? 0.5 : 1} aria-disabled={disabled}>
        <Title order={2} size="h4">
          Harvest Center Payments
        </Title>
        {disabled && <Text size="sm">{CHECKOUT_TEXTS.noSalesRep}</Text>}
        <Group gap="xs">
          <CheckoutButton to="/harvest-center/checkout/processing-fee" disabled={disabled}>
            Processing Fee
          </CheckoutButton>
          {referral && (
            <CheckoutButton to="/harvest-center/checkout/harvest-fee" variant="light" disabled={disabled}>
              Referral Harvest Fee
            </CheckoutButton>
          )}
          {(products.data ?? [])
            .filter((p) => !FEES.includes(p.id))
            .map((p) => (
              <CheckoutButton
                key={p.id}
                to={`/harvest-center/checkout/product/${p.id}`}
                variant="default"
                disabled={disabled}
              >
                {p.name}
              </CheckoutButton>
            ))}
        </Group>
      </Stack>
    </Card>
  );
}
