import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZOpaqueData } from './cards.ts';
import { applicableDiscountCents, normalizeCouponCode } from './coupons.ts';
import { ZIsoDate } from './dates.ts';
import { PHONE_MESSAGE, PHONE_REQUIRED_MESSAGE, ZPhone, zText } from './form-fields.ts';
import { PATIENT_PRODUCT_IDS, PRODUCT } from './products.ts';
import { zDecimalAmount } from './spec-values.ts';

/**
 * Checkout (part 2 §2 Checkout forms, §3 Checkout payload and Transaction create response, §4, §5,
 * §9). The browser shows totals computed by `computeCheckoutTotals`; the server computes them again
 * from the product table and a validated coupon and never takes an amount from the browser.
 */

/** 'Harvest Fee' Yes on the referral form adds $2,500 (part 2 §4, §9). */
export const REFERRAL_HARVEST_FEE_CENTS = 250_000;
export const MAX_ORDER_QUANTITY = 100;

export const ORDER_DESCRIPTIONS = {
  processingFee: 'Harvest Center Processing Fee',
  referralHarvestFee: 'Harvest Center Referral Harvest Fee',
} as const;

export type CheckoutTotalsInput = {
  unitPriceCents: number;
  quantity: number;
  /** The product's shipping fee; counted only when shipping is 'yes'. */
  productShippingFeeCents: number;
  shipping: boolean;
  /** Referral form 'Harvest Fee' Yes. */
  harvestFee: boolean;
  /** The coupon's fixed amount (0 without a coupon). */
  couponDiscountCents: number;
};

export type CheckoutTotals = {
  subtotalCents: number;
  shippingFeeCents: number;
  harvestFeeCents: number;
  /** The part of the coupon that applies: never more than the order. */
  discountCents: number;
  totalCents: number;
};

/**
 * The one total rule: price x quantity + shipping fee + harvest fee - discount, never below zero
 * (the referral form is the same rule with quantity 1).
 */
export function computeCheckoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const subtotalCents = input.unitPriceCents * input.quantity;
  const shippingFeeCents = input.shipping ? input.productShippingFeeCents : 0;
  const harvestFeeCents = input.harvestFee ? REFERRAL_HARVEST_FEE_CENTS : 0;
  const grossCents = subtotalCents + shippingFeeCents + harvestFeeCents;
  const discountCents = applicableDiscountCents(input.couponDiscountCents, grossCents);
  return {
    subtotalCents,
    shippingFeeCents,
    harvestFeeCents,
    discountCents,
    totalCents: grossCents - discountCents,
  };
}

/** Products 2 and 14 need a patient; 14 ships nothing (no shipping section, no shipping date). */
export function productNeedsPatient(productId: number): boolean {
  return PATIENT_PRODUCT_IDS.includes(productId);
}
export function productShips(productId: number): boolean {
  return productId !== PRODUCT.preOrderPatientVials;
}

export const CHECKOUT_TEXTS = {
  proceed: 'Proceed Checkout',
  processingTitle: 'Processing your purchase',
  processingBody:
    'Your purchase is being processed. This may take a few minutes, please do not close this page.',
  successTitle: 'Thank you for your purchase!',
  successBody: 'Your payment was approved. A receipt has been sent to your e-mail.',
  selectPatient: 'Please select a patient',
  selectPatientLabel: 'Select Patient Account',
  createPatient: 'Create Patient Account',
  requiredSignature: 'Required Signature',
  harvestFee: 'Harvest Fee',
  noSalesRep: "Your account doesn't have a sales rep associated. Please contact your admin for help.",
  declinedTitle: 'Payment declined',
  failedTitle: 'Payment failed',
  choosePayment: 'Choose a saved card or enter a new one',
  priceChanged: 'The price of this order has changed. Please review the order summary and try again.',
} as const;

/** addressInfo / shippingInfo of the checkout payload. */
export const ZCheckoutAddress = z.object({
  company: zText(150).default(''),
  address1: zText(150).min(1, 'Address line 1 is required'),
  address2: zText(150).default(''),
  city: zText(100).min(1, 'City is required'),
  state: zText(100).min(1, 'State is required'),
  country_desc: zText(100).min(1, 'Country is required'),
  country_code: zText(3).default(''),
  zip_code: zText(20).default(''),
});
export type TCheckoutAddress = z.infer<typeof ZCheckoutAddress>;

export const CARD_NUMBER_REFUSED =
  'Card numbers are not accepted here: the card is tokenized first and only its token (opaque_data) is sent.';
export const CARD_TOKEN_REQUIRED = 'Tokenize the card first: its opaque_data is required.';
export const ORDER_KEY_REQUIRED = 'Send the idempotency_key of the order form (or its invoice_id).';
const MAX_TOTAL_CENTS = 100_000_000;

/**
 * A new card: the holder's name and the tokenizer's single-use token. The spec's card fields
 * (full_name, card_number, cvc, expiration_date…) come empty from its client when a saved card is
 * chosen, and that reads as no new card; a number or a CVC is refused, as they never reach the API
 * (docs/decisions/019-commerce-and-payments.md).
 */
const ZCheckoutCard = z
  .object({
    full_name: zText(64).optional(),
    opaque_data: ZOpaqueData.optional(),
    card_number: z.string().max(40).optional(),
    cvc: z.string().max(10).optional(),
    cvv: z.string().max(10).optional(),
  })
  .nullable()
  .default(null)
  .transform((card, ctx) => {
    if (card === null) return null;
    if (card.card_number?.trim() || card.cvc?.trim() || card.cvv?.trim()) {
      ctx.addIssue({ code: 'custom', message: CARD_NUMBER_REFUSED });
      return z.NEVER;
    }
    if (card.opaque_data) {
      if (!card.full_name) {
        ctx.addIssue({ code: 'custom', path: ['full_name'], message: 'Full name is required' });
        return z.NEVER;
      }
      return { full_name: card.full_name, opaque_data: card.opaque_data };
    }
    if (card.full_name) {
      ctx.addIssue({ code: 'custom', path: ['opaque_data'], message: CARD_TOKEN_REQUIRED });
      return z.NEVER;
    }
    return null;
  });

/**
 * The checkout payload of part 2 §3, with what the server must not take from the browser left out
 * (amounts, sales team ids, hc_staff_id: all derived on the server; the spec's other fields are
 * read and dropped) and the card replaced by the tokenizer's opaque data. total_amount (the spec's
 * decimal amount) or total_amount_cents, when sent, is the total the buyer saw: a different server
 * total answers 409 rather than charging a surprise. The spec's auth_customer_payment_profile_validation
 * names the saved card like auth_customer_payment_profile_id.
 */
export const ZCheckoutBody = z
  .object({
    /** A fresh UUID per order form: a repeated submit with the same key never charges twice. */
    idempotency_key: z.uuid('idempotency_key must be a UUID').optional(),
    /**
     * The spec's client sends "last transaction id + 1" read when the form opened: without an
     * idempotency_key, it keys the order (the same form sent twice is answered once). The invoice
     * number itself is the server's, given when the payment succeeds.
     */
    invoice_id: z
      .union([
        z.number().int().nonnegative(),
        z
          .string()
          .trim()
          .regex(/^\d{1,15}$/, 'A whole number'),
      ])
      .transform(Number)
      .optional(),
    product_id: z.number().int().positive(),
    product_quantity: z
      .number()
      .int()
      .min(1, 'Quantity must be at least 1')
      .max(MAX_ORDER_QUANTITY)
      .default(1),
    /** The patient the order is for (products 2 and 14 need one). */
    patient_id: z.number().int().positive().nullable().default(null),
    /** The referral form's harvest center (an RHC pays for a patient it sends to this HC). */
    harvest_center_temporal: z.number().int().positive().nullable().default(null),
    rhc_transaction: z.boolean().default(false),
    create_patient: z.boolean().default(false),
    first_name: zText(150).default(''),
    last_name: zText(150).default(''),
    email: z.string().trim().max(254).default(''),
    phone_number: z.string().max(30).default(''),
    required_signature: z.boolean().default(false),
    /** Referral form 'Harvest Fee' Yes/No. */
    harvest_fee: z.boolean().default(false),
    shipping_fee: z.enum(['yes', 'no']).default('yes'),
    shipping_date: ZIsoDate.nullable().default(null),
    coupon_code: z.string().trim().max(40).default('').transform(normalizeCouponCode),
    harvest_center_email: z.string().trim().max(254).default(''),
    harvest_center_billing_email: z.string().trim().max(254).default(''),
    harvest_center_phone: z.string().max(30).default(''),
    addressInfo: ZCheckoutAddress,
    shippingInfo: ZCheckoutAddress.nullable().default(null),
    /** A saved card (payment profile id) or a new one (opaque data from the tokenizer). */
    auth_customer_payment_profile_id: z.string().max(40).nullable().default(null),
    auth_customer_payment_profile_validation: z.string().max(40).nullable().optional(),
    credit_card: ZCheckoutCard,
    total_amount_cents: z.number().int().min(0).max(MAX_TOTAL_CENTS).optional(),
    total_amount: zDecimalAmount({ max: MAX_TOTAL_CENTS }).optional(),
    order_description: zText(200).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.idempotency_key === undefined && body.invoice_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['idempotency_key'], message: ORDER_KEY_REQUIRED });
    }
    if (body.create_patient) {
      if (!body.first_name)
        ctx.addIssue({ code: 'custom', path: ['first_name'], message: 'First name is required' });
      if (!body.last_name)
        ctx.addIssue({ code: 'custom', path: ['last_name'], message: 'Last name is required' });
      if (!ZEmail.safeParse(body.email).success) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter a valid e-mail address' });
      }
      const phone = ZPhone.safeParse(body.phone_number);
      if (!phone.success || phone.data === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['phone_number'],
          message: phone.success ? PHONE_REQUIRED_MESSAGE : PHONE_MESSAGE,
        });
      }
    }
    for (const field of ['harvest_center_email', 'harvest_center_billing_email'] as const) {
      if (body[field] && !ZEmail.safeParse(body[field]).success) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'Enter a valid e-mail address' });
      }
    }
    // Which one is needed depends on the total (a free order needs none): the server checks that.
    if (savedCardOf(body) !== null && body.credit_card !== null) {
      ctx.addIssue({ code: 'custom', path: ['credit_card'], message: CHECKOUT_TEXTS.choosePayment });
    }
    if (productShips(body.product_id) && body.shipping_fee === 'yes' && body.shippingInfo === null) {
      ctx.addIssue({ code: 'custom', path: ['shippingInfo'], message: 'The shipping address is required' });
    }
  })
  // One name for each thing from here on: the saved card and the total the buyer saw.
  .transform(
    ({ auth_customer_payment_profile_validation: _alias, total_amount, total_amount_cents, ...body }) => ({
      ...body,
      auth_customer_payment_profile_id: savedCardOf({
        auth_customer_payment_profile_id: body.auth_customer_payment_profile_id,
        auth_customer_payment_profile_validation: _alias,
      }),
      total_amount_cents: total_amount_cents ?? total_amount,
    }),
  );
export type TCheckoutBody = z.input<typeof ZCheckoutBody>;
export type TCheckoutOrder = z.output<typeof ZCheckoutBody>;

/** The saved card an order names, by our name or the spec's (empty text is none). */
function savedCardOf(body: {
  auth_customer_payment_profile_id: string | null;
  auth_customer_payment_profile_validation?: string | null;
}): string | null {
  return body.auth_customer_payment_profile_id || body.auth_customer_payment_profile_validation || null;
}

/** Part 2 §3 Transaction create response; a failure carries the dialog's title and body. */
export const ZCheckoutResponse = z.object({
  code: z.enum(['success', 'error']),
  message: z.string(),
  error_message: z.string(),
  transaction_id: z.number().int().nullable(),
  invoice_id: z.number().int().nullable(),
  total_amount_cents: z.number().int().nullable(),
  /** The patient made by the referral form's 'Create Patient Account'. */
  patient_id: z.number().int().nullable(),
});
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

/** One line of an HC's or RHC's transaction history (part 2 §3 HC processing-fee transaction). */
export const ZTransactionHistoryRow = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  date: z.string(),
  product: z.array(z.object({ id: z.number().int(), name: z.string() })),
  quantity: z.number().int(),
  amount: z.string(),
  amount_cents: z.number().int(),
  coupon_code_used: z.string(),
  coupon_code_amount: z.string(),
  card_type: z.string(),
  card_last4: z.string(),
  patient: z.array(z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })),
  harvest_center: z.object({ id: z.number().int(), company: z.string() }).nullable(),
  referral_harvest_center: z.object({ id: z.number().int(), company: z.string() }).nullable(),
  patient_documents: z.array(
    z.object({ id: z.number().int(), name: z.string(), status: z.string(), document_id: z.string() }),
  ),
  /** The shipping-label request of this transaction (labels issue); null until one exists. */
  fedex_request: z
    .object({
      id: z.number().int(),
      pdf_file: z.string().nullable(),
      tracking_link: z.string(),
      tracking_number: z.string(),
    })
    .nullable(),
  receipt_url: z.string(),
});
export type TTransactionHistoryRow = z.infer<typeof ZTransactionHistoryRow>;
