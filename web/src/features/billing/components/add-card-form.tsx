import { Button, Card, Checkbox, Group, Stack, Title } from '@mantine/core';
import { PAYMENT_TEXTS } from '@portal/shared/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert, useShownErrors } from '../../../components/form.tsx';
import { errorsUnder, errorsWithPrefix } from '../../../components/form-validation.ts';
import {
  type CardDraft,
  CardFields,
  cardErrors,
  cardForTokenizer,
  EMPTY_CARD,
} from '../../../components/payment/card-fields.tsx';
import { PAYMENT_KEYS, tokenizeCard } from '../../../components/payment/payment-api.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** A new saved card: tokenized by the gateway in the browser, then kept by its token. */
export function AddCardForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [card, setCard] = useState<CardDraft>(EMPTY_CARD);
  const checks = useShownErrors();
  // Found again at each render: an error clears as soon as its field is fixed.
  const found = errorsWithPrefix('card', cardErrors(card));
  const [makeDefault, setMakeDefault] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const opaque_data = await tokenizeCard(cardForTokenizer(card));
      return api.post('/api/v1/billing-profiles/create-profile/', {
        user_id: userId,
        card_holder: card.full_name.trim(),
        opaque_data,
        default: makeDefault,
      });
    },
    onSuccess: async () => {
      notifySuccess(PAYMENT_TEXTS.cardSaved);
      await queryClient.invalidateQueries({ queryKey: PAYMENT_KEYS.cards(userId) });
      onDone();
    },
  });
  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        {...checks.formProps}
        onSubmit={(event) => {
          event.preventDefault();
          if (checks.submit(found, event.currentTarget)) save.mutate();
        }}
      >
        <Stack>
          <Title order={2} size="h4">
            New payment method
          </Title>
          <CardFields value={card} errors={errorsUnder('card', checks.shown(found))} onChange={setCard} />
          <Checkbox
            label="Make this my default payment method"
            checked={makeDefault}
            onChange={(e) => setMakeDefault(e.currentTarget.checked)}
          />
          <FormAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save card
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
