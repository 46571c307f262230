import { Button, Card, Stack, Text, Title } from '@mantine/core';

/** Part 1 §5: ordering needs a sales rep. */
const NO_SALES_REP_MESSAGE =
  "Your account doesn't have a sales rep associated. Please contact your admin for help.";

/**
 * 'Checkout Vials' for patients with the vial-checkout tag. The order page (/checkout/patient-vials)
 * comes with the commerce issue, so the button stays disabled and says so rather than lead nowhere.
 */
export function CheckoutVialsCard({ hasSalesRep }: { hasSalesRep: boolean }) {
  return (
    <Card withBorder padding="lg" aria-label="Checkout Vials">
      <Stack gap="sm" opacity={hasSalesRep ? 1 : 0.5} aria-disabled={!hasSalesRep}>
        <Title order={4}>Checkout Vials</Title>
        <Button disabled w="fit-content">
          Order Your Vials
        </Button>
        {hasSalesRep ? (
          <Text size="sm" c="dimmed">
            Ordering vials online is not open yet.
          </Text>
        ) : (
          <Text size="sm">{NO_SALES_REP_MESSAGE}</Text>
        )}
      </Stack>
    </Card>
  );
}
