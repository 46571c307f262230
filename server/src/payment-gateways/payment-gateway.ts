import type { TCardBrand, TOpaqueData, TTokenizerConfig } from '@portal/shared/cards';

/**
 * The card processor behind checkout and saved cards (docs/decisions/019-commerce-and-payments.md).
 * Two implementations: the built-in sandbox gateway (default, `PAYMENT_GATEWAY=sandbox`) and
 * Authorize.net (`PAYMENT_GATEWAY=authorizenet`). The portal hands the gateway opaque tokens and
 * profile ids; card numbers and CVCs never pass through it.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'authorizenet';
  /** What the browser needs to tokenize a card (POST auth/authorizenet/). */
  tokenizerConfig(): TTokenizerConfig;
  /** A customer profile for an account (Authorize.net CIM createCustomerProfile). */
  createCustomerProfile(customer: GatewayCustomer): Promise<{ customerProfileId: string }>;
  /** Saves a tokenized card under a customer profile. */
  createPaymentProfile(input: {
    customerProfileId: string;
    opaqueData: TOpaqueData;
    cardHolder: string;
    billTo?: GatewayAddress;
  }): Promise<PaymentProfileResult>;
  deletePaymentProfile(input: { customerProfileId: string; paymentProfileId: string }): Promise<void>;
  /** Authorizes and captures; a decline is a result, not an exception. Network failures throw. */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** Cancels an approved charge that the portal could not record (compensation). */
  voidCharge(gatewayTransactionId: string): Promise<void>;
}

export type GatewayCustomer = { userId: number; email: string; description: string };

export type GatewayAddress = {
  firstName?: string;
  lastName?: string;
  company?: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
};

/** What a gateway tells about a card: enough to show and to store, never more. */
export type CardSummary = {
  brand: TCardBrand | string;
  last4: string;
  /** Year-month, "2027-03". */
  expiration: string;
  holder: string;
};

export type PaymentSource =
  | { kind: 'token'; opaqueData: TOpaqueData; cardHolder: string }
  | { kind: 'profile'; customerProfileId: string; paymentProfileId: string };

export type ChargeInput = {
  amountCents: number;
  /**
   * The portal's reference of the order, shown on the processor's records: the checkout attempt
   * (an invoice number is given only once the payment succeeded; the transaction keeps the
   * processor's transaction id).
   */
  orderReference: string;
  description: string;
  source: PaymentSource;
  billTo?: GatewayAddress;
  customerEmail?: string;
};

/** Why a card was refused; `message` is fit to show the buyer. */
export type DeclineReason =
  | 'declined'
  | 'insufficient_funds'
  | 'cvc_mismatch'
  | 'expired'
  | 'invalid_card'
  | 'invalid_token';

export type ChargeResult =
  | { approved: true; gatewayTransactionId: string; authCode: string; card: CardSummary }
  | { approved: false; reason: DeclineReason; message: string };

export type PaymentProfileResult =
  | { ok: true; paymentProfileId: string; card: CardSummary }
  | { ok: false; reason: DeclineReason; message: string };

/** A gateway that could not be reached or answered nonsense: the checkout says so and charges nothing. */
export class PaymentGatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentGatewayUnavailableError';
  }
}
