import { Grid, Stack } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { useShownErrors } from '../../../components/form.tsx';
import { useSavedCards, useSavedLocations } from '../../../components/payment/payment-api.ts';
import { AddressesSection } from './addresses-section.tsx';
import { FailureDialog, ProcessingDialog, SuccessDialog } from './checkout-dialogs.tsx';
import { useCheckoutDraft } from './checkout-draft.ts';
import {
  type CheckoutVariant,
  checkoutErrors,
  checkoutRules,
  checkoutTotals,
  orderCenterId,
} from './checkout-order.ts';
import { CheckoutSummaryCard } from './checkout-summary-card.tsx';
import { ContactSection } from './contact-section.tsx';
import { OrderSection } from './order-section.tsx';
import { PatientSection } from './patient-section.tsx';
import { PaymentSection } from './payment-section.tsx';
import { usePlaceOrder } from './use-place-order.ts';

/**
 * One checkout form for the four checkouts (part 2 §2): the center's details, the patient or the
 * referral's new patient, the order and its coupon, billing and shipping with saved locations, the
 * payment option and the order summary. Its values are one draft (checkout-draft.ts) that each
 * section reads and sets; the total shown is the shared rule's, and the server computes it again.
 */
export function CheckoutForm({
  user,
  variant,
  onReset,
}: {
  user: TSessionUser;
  variant: CheckoutVariant;
  onReset: () => void;
}) {
  const rules = checkoutRules(user, variant);
  const cards = useSavedCards(user.id);
  const locations = useSavedLocations(user.id);
  const { draft, set } = useCheckoutDraft(user, cards.data, locations.data);
  const checks = useShownErrors();
  const order = usePlaceOrder({
    onCouponRefused: (message) => set('coupon', { status: 'invalid', message }),
  });

  const totals = checkoutTotals(draft, rules);
  // Every problem, found again at each render from the values as they are: an error clears as soon
  // as its field is fixed, and the notices below the summary with it.
  const found = checkoutErrors(draft, rules);
  const shown = checks.shown(found);

  return (
    <form
      noValidate
      {...checks.formProps}
      onSubmit={(event) => {
        event.preventDefault();
        if (checks.submit(found, event.currentTarget))
          void order.place({ draft, rules, user, totalCents: totals.totalCents });
      }}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <ContactSection
              user={user}
              patientSelf={rules.patientSelf}
              contact={draft.contact}
              errors={shown}
              set={set}
            />
            <PatientSection user={user} rules={rules} draft={draft} errors={shown} set={set} />
            <OrderSection
              rules={rules}
              draft={draft}
              couponCenterId={orderCenterId(draft, rules, user)}
              set={set}
            />
            <AddressesSection
              ships={rules.ships}
              draft={draft}
              locations={locations.data ?? []}
              errors={shown}
              set={set}
            />
            <PaymentSection cards={cards.data ?? []} draft={draft} errors={shown} set={set} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CheckoutSummaryCard
            unitPriceCents={variant.product.price_cents}
            quantity={draft.quantity}
            totals={totals}
            errors={shown}
            processing={order.phase.kind === 'processing'}
          />
        </Grid.Col>
      </Grid>
      {order.phase.kind === 'processing' && <ProcessingDialog />}
      {order.phase.kind === 'success' && (
        <SuccessDialog
          invoiceId={order.phase.invoiceId}
          totalCents={order.phase.totalCents}
          onClose={onReset}
        />
      )}
      {order.phase.kind === 'failure' && (
        <FailureDialog title={order.phase.title} body={order.phase.body} onClose={order.dismissFailure} />
      )}
    </form>
  );
}
