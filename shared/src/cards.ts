import { z } from 'zod';

/**
 * Cards (part 2 §3 Saved payment option, §5 Payment form; docs/decisions/019-commerce-and-payments.md). The card
 * number and CVC go from the browser to the gateway's tokenizer only; the portal's API receives an
 * opaque token (Accept.js-style `opaque_data`) and stores brand, last 4 digits, holder and expiry.
 * The rules here serve the card form (instant feedback) and the sandbox gateway (its checks).
 */

export const CARD_BRANDS = [
  'Visa',
  'MasterCard',
  'AmericanExpress',
  'Discover',
  'JCB',
  'DinersClub',
] as const;
export type TCardBrand = (typeof CARD_BRANDS)[number];

/** The digits of a typed card number (spaces and dashes dropped). */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the number's prefix (IIN ranges), or null when none matches. */
export function detectCardBrand(digits: string): TCardBrand | null {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'AmericanExpress';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'Discover';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'JCB';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'DinersClub';
  return null;
}

/** American Express asks for 4 digits on the front; the others 3 on the back. */
export function cvcLength(brand: TCardBrand | null): number {
  return brand === 'AmericanExpress' ? 4 : 3;
}

/** Expiry as the API keeps it: year-month, two-digit month ("2027-03"). */
export const EXPIRATION_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Part 2 §5: the month picker counts months from 0; the stored expiry is the month plus 1, two digits.
 * expirationFromPicker(2027, 2) === "2027-03".
 */
export function expirationFromPicker(year: number, zeroBasedMonth: number): string {
  return `${year}-${String(zeroBasedMonth + 1).padStart(2, '0')}`;
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expiration: string, now: Date = new Date()): boolean {
  const [year, month] = expiration.split('-').map(Number);
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

/** "2027-03" -> "03/27", as cards print it. */
export function formatExpiration(expiration: string): string {
  const [year, month] = expiration.split('-');
  return `${month}/${year.slice(2)}`;
}

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Enter a valid card number',
  brandUnsupported: 'This card type is not accepted',
  expirationRequired: 'Expiration date is required',
  expirationInvalid: 'Enter the expiration date as year-month',
  expired: 'This card has expired',
  cvcRequired: 'CVC is required',
  cvcInvalid: 'Enter the 3 or 4 digits of the CVC',
  holderRequired: 'Card holder is required',
  cvcHelp: 'The last 3 digits on back of card',
  noSavedCards:
    'There are no payment methods saved in your account. You can add them on: Account > Payment Options',
  noPayments: 'No payments yet.',
  newPaymentOption: 'New Payment Option',
} as const;

/**
 * Test numbers of the built-in sandbox gateway (the default gateway; docs/decisions/019). Any other
 * number that passes Luhn with a known brand is approved; the CVC below fails the CVC check.
 */
export const SANDBOX_TEST_CARDS = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
export const SANDBOX_CVC_MISMATCH = '901';

/** What the browser sends the tokenizer (the sandbox gateway's own route; Accept.js for Authorize.net). */
export const ZCardForTokenizer = z.object({
  full_name: z.string().trim().min(1, CARD_MESSAGES.holderRequired).max(64),
  card_number: z
    .string()
    .transform(cardDigits)
    .pipe(z.string().min(1, CARD_MESSAGES.numberRequired).refine(luhnValid, CARD_MESSAGES.numberInvalid)),
  expiration_date: z.string().regex(EXPIRATION_PATTERN, CARD_MESSAGES.expirationInvalid),
  cvc: z.string().regex(/^\d{3,4}$/, CARD_MESSAGES.cvcInvalid),
});
export type TCardForTokenizer = z.infer<typeof ZCardForTokenizer>;

/** The tokenizer's answer, named as Accept.js names it; a token is single use and lasts 15 minutes. */
export const ZOpaqueData = z.object({
  data_descriptor: z.string().min(1).max(100),
  data_value: z.string().min(1).max(8192),
});
export type TOpaqueData = z.infer<typeof ZOpaqueData>;

/**
 * How the browser tokenizes (POST auth/authorizenet/): the sandbox gateway's route, or Accept.js with
 * the merchant's public client key.
 */
export const ZTokenizerConfig = z.discriminatedUnion('gateway', [
  z.object({ gateway: z.literal('sandbox'), tokenize_url: z.string() }),
  z.object({
    gateway: z.literal('authorizenet'),
    accept_js_url: z.string(),
    api_login_id: z.string(),
    client_key: z.string(),
  }),
]);
export type TTokenizerConfig = z.infer<typeof ZTokenizerConfig>;

/** Part 2 §3 Saved payment option: only what is safe to keep. card_number is the last 4 digits. */
export const ZSavedPaymentOption = z.object({
  id: z.number().int(),
  profile_id: z.string(),
  payment_profile_id: z.string(),
  card_type: z.string(),
  card_number: z.string(),
  card_holder: z.string(),
  expiration_date: z.string(),
  default: z.boolean(),
});
export type TSavedPaymentOption = z.infer<typeof ZSavedPaymentOption>;

/** POST v1/billing-profiles/get-profile/ and GET v1/hc-staff/auth-profile/{id}/. */
export const ZPaymentOptionsResponse = z.object({
  code: z.literal('success'),
  payments: z.array(ZSavedPaymentOption),
});
export type TPaymentOptionsResponse = z.infer<typeof ZPaymentOptionsResponse>;

export const ZUserIdBody = z.object({ user_id: z.number().int().positive() });

/**
 * POST v1/billing-profiles/create-profile/: the spec's creation payload with the card number and CVV
 * replaced by the tokenizer's opaque data (the API never sees them).
 */
export const ZCreatePaymentProfileBody = z.object({
  user_id: z.number().int().positive(),
  card_holder: z.string().trim().min(1, CARD_MESSAGES.holderRequired).max(64),
  opaque_data: ZOpaqueData,
  customer_profile_id: z.string().max(40).optional(),
  default: z.boolean().default(false),
});
export type TCreatePaymentProfileBody = z.input<typeof ZCreatePaymentProfileBody>;

/** POST v1/billing-profiles/create-customer-profile/ answers the user's gateway customer profile. */
export const ZCustomerProfileResponse = z.object({ customer_profile_id: z.string() });

/** POST v1/billing-profiles/delete-profile/. */
export const ZDeletePaymentProfileBody = z.object({
  profile_id: z.string().min(1).max(40),
  payment_id: z.string().min(1).max(40),
});

/** POST v1/billing-profiles/update-default/: the user's auth_customer_payment_profile_id. */
export const ZDefaultPaymentProfileBody = z.object({
  /** The caller's own account when left out. */
  user_id: z.number().int().positive().optional(),
  payment_profile_id: z.string().min(1).max(40),
});

export const PAYMENT_TEXTS = {
  cardSaved: 'Payment method has been saved!',
  cardRemoved: 'Payment method has been removed!',
  defaultChanged: 'Default payment method has been changed!',
  removeConfirm: 'Are you sure you want to remove this payment method?',
} as const;
