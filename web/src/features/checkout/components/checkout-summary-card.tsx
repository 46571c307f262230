import { Alert, Button, Card, Stack } from '@mantine/core';
import { CHECKOUT_TEXTS, type CheckoutTotals } from '@portal/shared/checkout';
import { errorsUnder } from '../../../components/form-validation.ts';
import type { ShownErrors } from './checkout-order.ts';
import { OrderSummary } from './order-summary.tsx';

const FIELDS_IN_ERROR = 'Please check the fields marked in red.';

/** Beside the form: the order's totals, what still stops it, and the button that sends it. */
export function CheckoutSummaryCard({
  unitPriceCents,
  quantity,
  totals,
  errors,
  processing,
}: {
  unitPriceCents: number;
  quantity: number;
  totals: CheckoutTotals;
  errors: ShownErrors;
  /** While the order is sent, the processing dialog replaces the button. */
  processing: boolean;
}) {
  const choiceErrors = errorsUnder('choice', errors);
  const fieldsInError = Object.keys(errors).some((path) => !path.startsWith('choice.'));
  return (
    <Card withBorder padding="lg" pos="sticky" top={16}>
      <Stack>
        <OrderSummary unitPriceCents={unitPriceCents} quantity={quantity} totals={totals} />
        {/* Each problem in its own words; each goes when it is solved, and none hides another. */}
        {Object.values(choiceErrors).map((message) => (
          <Alert key={message} color="red" role="alert">
            {message}
          </Alert>
        ))}
        {fieldsInError && (
          <Alert color="red" role="alert">
            {FIELDS_IN_ERROR}
          </Alert>
        )}
        {!processing && (
          <Button type="submit" size="md">
            {CHECKOUT_TEXTS.proceed}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
