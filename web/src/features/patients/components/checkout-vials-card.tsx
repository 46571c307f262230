import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import { Link } from 'react-router';

/** 'Checkout Vials' for patients with the vial-checkout tag: 'Order Your Vials' opens /checkout/patient-vials. */
export function CheckoutVialsCard({ hasSalesRep }: { hasSalesRep: boolean }) {
  return (
    <Card withBorder padding="lg" aria-label="Checkout Vials">
      <Stack gap="sm" opacity={hasSalesRep ? 1 : 0.5} aria-disabled={!hasSalesRep}>
        <Title order={4}>Checkout Vials</Title>
        {hasSalesRep ? (
          <Button component={Link} to="/checkout/patient-vials" w="fit-content">
            Order Your Vials
          </Button>
        ) : (
          <>
            <Button disabled w="fit-content">
              Order Your Vials
            </Button>
            <Text size="sm">{CHECKOUT_TEXTS.noSalesRep}</Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
