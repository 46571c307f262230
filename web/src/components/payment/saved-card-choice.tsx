import { Anchor, Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { CARD_MESSAGES, formatExpiration, type TSavedPaymentOption } from '@portal/shared/cards';
import { Link } from 'react-router';
import { CardImage } from './card-image.tsx';

/** The value of the 'New Payment Option' choice. */
export const NEW_CARD = 'new';

/**
 * The payment options of a checkout: the saved cards (the default first and preselected; more than
 * one scrolls) and 'New Payment Option'. Without a saved card, where to add one.
 */
export function SavedCardChoice({
  cards,
  value,
  onChange,
}: {
  cards: TSavedPaymentOption[];
  value: string;
  onChange: (paymentProfileId: string) => void;
}) {
  const list = (
    <Stack gap="xs">
      {cards.map((card) => (
        <Radio
          key={card.payment_profile_id}
          value={card.payment_profile_id}
          label={
            <Group gap="sm" wrap="nowrap">
              <CardImage cardType={card.card_type} />
              <Text size="sm">
                {card.card_type} ending in {card.card_number} · expires{' '}
                {formatExpiration(card.expiration_date)}
                {card.default ? ' · Default' : ''}
              </Text>
            </Group>
          }
        />
      ))}
    </Stack>
  );
  return (
    <Radio.Group label="Payment options" value={value} onChange={onChange}>
      <Stack gap="sm" mt="xs">
        {cards.length === 0 ? (
          <Text size="sm">
            {CARD_MESSAGES.noSavedCards.replace('Account > Payment Options', '')}
            <Anchor component={Link} to="/hc-payments">
              Account &gt; Payment Options
            </Anchor>
          </Text>
        ) : cards.length > 1 ? (
          <ScrollArea.Autosize mah={150} type="auto">
            {list}
          </ScrollArea.Autosize>
        ) : (
          list
        )}
        <Radio value={NEW_CARD} label={CARD_MESSAGES.newPaymentOption} />
      </Stack>
    </Radio.Group>
  );
}
