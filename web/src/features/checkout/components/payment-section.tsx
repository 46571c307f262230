import { Card, Stack, Title } from '@mantine/core';
import type { TSavedPaymentOption } from '@portal/shared/cards';
import { errorsUnder } from '../../../components/form-validation.ts';
import { CardFields } from '../../../components/payment/card-fields.tsx';
import { NEW_CARD, SavedCardChoice } from '../../../components/payment/saved-card-choice.tsx';
import type { CheckoutDraft, SetDraftField } from './checkout-draft.ts';
import type { ShownErrors } from './checkout-order.ts';

/** A saved card, or a new one typed here (tokenized by the gateway when the order is sent). */
export function PaymentSection({
  cards,
  draft,
  errors,
  set,
}: {
  cards: TSavedPaymentOption[];
  draft: CheckoutDraft;
  /** Every shown error by data-path: this section shows 'card.*'. */
  errors: ShownErrors;
  set: SetDraftField;
}) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Payment
        </Title>
        <SavedCardChoice
          cards={cards}
          value={draft.payment ?? NEW_CARD}
          onChange={(paymentProfileId) => set('payment', paymentProfileId)}
        />
        {draft.payment === NEW_CARD && (
          <CardFields
            value={draft.card}
            errors={errorsUnder('card', errors)}
            onChange={(card) => set('card', card)}
          />
        )}
      </Stack>
    </Card>
  );
}
