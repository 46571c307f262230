import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatExpiration, PAYMENT_TEXTS, type TSavedPaymentOption } from '@portal/shared/cards';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form.tsx';
import { CardImage } from '../../../components/payment/card-image.tsx';
import { PAYMENT_KEYS, useSavedCards } from '../../../components/payment/payment-api.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { AddCardForm } from '../components/add-card-form.tsx';

/** /hc-payments: the account's saved cards (part 2 §2 Payment Methods; 'Payment Options' for a patient). */
export function PaymentMethodsPage() {
  const user = useSignedInUser();
  const cards = useSavedCards(user.id);
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TSavedPaymentOption | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PAYMENT_KEYS.cards(user.id) });
  const makeDefault = useMutation({
    mutationFn: (card: TSavedPaymentOption) =>
      api.post('/api/v1/billing-profiles/update-default/', {
        user_id: user.id,
        payment_profile_id: card.payment_profile_id,
      }),
    onSuccess: async () => {
      notifySuccess(PAYMENT_TEXTS.defaultChanged);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (card: TSavedPaymentOption) =>
      api.post('/api/v1/billing-profiles/delete-profile/', {
        profile_id: card.profile_id,
        payment_id: card.payment_profile_id,
      }),
    onSuccess: async () => {
      setRemoving(null);
      notifySuccess(PAYMENT_TEXTS.cardRemoved);
      await refresh();
    },
  });
  const title = user.membership[0]?.id === MEMBERSHIP.patient ? 'Payment Options' : 'Payment Methods';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        {!adding && <Button onClick={() => setAdding(true)}>Add Payment Method</Button>}
      </Group>
      {adding && <AddCardForm userId={user.id} onDone={() => setAdding(false)} />}
      <FormAlert error={cards.error ?? makeDefault.error} />
      {cards.isPending ? (
        <Loader aria-label="Loading payment methods" />
      ) : (cards.data ?? []).length === 0 ? (
        <Text>No payments yet.</Text>
      ) : (
        <Stack gap="sm">
          {(cards.data ?? []).map((card) => (
            <Card
              key={card.payment_profile_id}
              withBorder
              padding="md"
              aria-label={`${card.card_type} ending in ${card.card_number}`}
            >
              <Group justify="space-between" wrap="wrap">
                <Group gap="md">
                  <CardImage cardType={card.card_type} />
                  <div>
                    <Text fw={600}>
                      {card.card_type} ending in {card.card_number}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {card.card_holder} · expires {formatExpiration(card.expiration_date)}
                    </Text>
                  </div>
                  {card.default && <Badge>Default</Badge>}
                </Group>
                <Group gap="xs">
                  {!card.default && (
                    <Button
                      variant="light"
                      size="xs"
                      loading={makeDefault.isPending}
                      onClick={() => makeDefault.mutate(card)}
                    >
                      Make default
                    </Button>
                  )}
                  <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(card)}>
                    Remove
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove payment method"
          question={`${PAYMENT_TEXTS.removeConfirm} (${removing.card_type} ending in ${removing.card_number})`}
          confirmLabel="Remove"
          loading={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </Stack>
  );
}
