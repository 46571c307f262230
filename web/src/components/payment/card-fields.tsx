import { SimpleGrid, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  CARD_MESSAGES,
  cardDigits,
  cvcLength,
  detectCardBrand,
  expirationFromPicker,
  isCardExpired,
  luhnValid,
  type TCardForTokenizer,
} from '@portal/shared/cards';

/** What the card form holds; the expiry is the month picker's value ('YYYY-MM-DD', its first day). */
export type CardDraft = { full_name: string; card_number: string; expiry: string | null; cvc: string };
export const EMPTY_CARD: CardDraft = { full_name: '', card_number: '', expiry: null, cvc: '' };
export type CardErrors = Partial<Record<keyof CardDraft, string>>;

/** The picker's month as year-month: its 0-based month + 1, two digits (part 2 §5). */
function expirationOf(pickerValue: string): string {
  const [year, month] = pickerValue.split('-').map(Number);
  return expirationFromPicker(year, month - 1);
}

/** The card as the tokenizer takes it. */
export function cardForTokenizer(card: CardDraft): TCardForTokenizer {
  return {
    full_name: card.full_name.trim(),
    card_number: cardDigits(card.card_number),
    expiration_date: card.expiry ? expirationOf(card.expiry) : '',
    cvc: card.cvc.trim(),
  };
}

/** The checks a card processor would make, in the browser, before anything is sent. */
export function cardErrors(card: CardDraft): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(card.card_number);
  const brand = detectCardBrand(digits);
  if (!card.full_name.trim()) errors.full_name = CARD_MESSAGES.holderRequired;
  if (!digits) errors.card_number = CARD_MESSAGES.numberRequired;
  else if (!/^\d+$/.test(digits) || !luhnValid(digits)) errors.card_number = CARD_MESSAGES.numberInvalid;
  else if (!brand) errors.card_number = CARD_MESSAGES.brandUnsupported;
  if (!card.expiry) errors.expiry = CARD_MESSAGES.expirationRequired;
  else if (isCardExpired(expirationOf(card.expiry))) {
    errors.expiry = CARD_MESSAGES.expired;
  }
  if (!card.cvc.trim()) errors.cvc = CARD_MESSAGES.cvcRequired;
  else if (!new RegExp(`^\\d{${cvcLength(brand)}}$`).test(card.cvc.trim()))
    errors.cvc = CARD_MESSAGES.cvcInvalid;
  return errors;
}

/** Full name, number, month-picker expiry and CVC (part 2 §2); each input's data-path is `card.<field>`. */
export function CardFields({
  value,
  errors,
  onChange,
}: {
  value: CardDraft;
  errors: CardErrors;
  onChange: (next: CardDraft) => void;
}) {
  const set = <K extends keyof CardDraft>(key: K, v: CardDraft[K]) => onChange({ ...value, [key]: v });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Full name"
        autoComplete="cc-name"
        required
        data-path="card.full_name"
        value={value.full_name}
        error={errors.full_name}
        onChange={(event) => set('full_name', event.currentTarget.value)}
      />
      <TextInput
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        data-path="card.card_number"
        value={value.card_number}
        error={errors.card_number}
        onChange={(event) => set('card_number', event.currentTarget.value)}
      />
      <MonthPickerInput
        label="Expiration date"
        required
        minDate={`${new Date().getFullYear()}-${String(new Date().getMonth() + 1).padStart(2, '0')}-01`}
        data-path="card.expiry"
        value={value.expiry}
        error={errors.expiry}
        valueFormat="MM/YYYY"
        // The picker's arrows are icons alone: named, or axe finds unnamed buttons (issue 42). Its
        // pop-up is a plain panel: as a dialog it pointed its name at an element that is not there.
        ariaLabels={{
          previousYear: 'Previous year',
          nextYear: 'Next year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
        }}
        popoverProps={{ withRoles: false }}
        onChange={(date) => set('expiry', date ? String(date) : null)}
      />
      <TextInput
        label="CVC"
        inputMode="numeric"
        autoComplete="cc-csc"
        required
        description={CARD_MESSAGES.cvcHelp}
        data-path="card.cvc"
        value={value.cvc}
        error={errors.cvc}
        onChange={(event) => set('cvc', event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
