import { createHash, randomBytes } from 'node:crypto';
import {
  detectCardBrand,
  isCardExpired,
  SANDBOX_CVC_MISMATCH,
  SANDBOX_TEST_CARDS,
  type TCardForTokenizer,
  type TOpaqueData,
  type TTokenizerConfig,
} from '@portal/shared/cards';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  sandboxGatewayCharges,
  sandboxGatewayPaymentProfiles,
  sandboxGatewayTokens,
} from '../../db/schema/sandbox-gateway.ts';
import type {
  CardSummary,
  ChargeInput,
  ChargeResult,
  DeclineReason,
  GatewayCustomer,
  PaymentGateway,
  PaymentProfileResult,
  PaymentSource,
} from '../payment-gateway.ts';

/** Where the browser sends a card in sandbox mode (the sandbox's own tokenizer, not the portal's API). */
export const SANDBOX_TOKENIZE_PATH = '/api/sandbox-gateway/tokens/';
export const SANDBOX_DATA_DESCRIPTOR = 'COMMON.SANDBOX.PAYMENT';
/** Accept.js nonces last 15 minutes; so do ours. */
export const SANDBOX_TOKEN_TTL_MS = 15 * 60 * 1000;

type Outcome = 'approve' | 'decline' | 'insufficient_funds' | 'cvc_mismatch';

export const SANDBOX_DECLINE_MESSAGES: Record<DeclineReason, string> = {
  declined: 'The card was declined.',
  insufficient_funds: 'The card was declined: insufficient funds.',
  cvc_mismatch: "The card's security code (CVC) does not match.",
  expired: 'The card has expired.',
  invalid_card: 'The card number is not valid.',
  invalid_token: 'The card details have expired or were already used. Please enter the card again.',
};

const OUTCOME_REASONS: Record<Exclude<Outcome, 'approve'>, DeclineReason> = {
  decline: 'declined',
  insufficient_funds: 'insufficient_funds',
  cvc_mismatch: 'cvc_mismatch',
};

/** What a test number (and CVC) makes the sandbox do, as a processor's test cards do. */
function outcomeOf(cardNumber: string, cvc: string): Outcome {
  if (cardNumber === SANDBOX_TEST_CARDS.declined) return 'decline';
  if (cardNumber === SANDBOX_TEST_CARDS.insufficientFunds) return 'insufficient_funds';
  if (cvc === SANDBOX_CVC_MISMATCH) return 'cvc_mismatch';
  return 'approve';
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function processorId(prefix: string): string {
  return `${prefix}${randomBytes(9).toString('hex')}`;
}

/** A card the tokenizer refused, with the field to show it on. */
export class SandboxCardError extends Error {
  readonly field: keyof TCardForTokenizer;

  constructor(field: keyof TCardForTokenizer, message: string) {
    super(message);
    this.field = field;
  }
}

type StoredCard = {
  cardType: string;
  cardLast4: string;
  expirationDate: string;
  outcome: string;
  cardHolder: string;
};

/**
 * The built-in card gateway (the default): a processor's behaviour on this machine. Cards are
 * tokenized by its own route; tokens are single use and expire; charges and saved profiles are its
 * own records. Test numbers (shared/cards.ts SANDBOX_TEST_CARDS) approve or decline with a reason.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  tokenizerConfig(): TTokenizerConfig {
    return { gateway: 'sandbox', tokenize_url: SANDBOX_TOKENIZE_PATH };
  }

  /** The tokenizer: checks the card as a processor would and keeps brand, last 4 and the test outcome. */
  async tokenize(card: TCardForTokenizer, now: Date = new Date()): Promise<TOpaqueData> {
    const brand = detectCardBrand(card.card_number);
    if (!brand) throw new SandboxCardError('card_number', 'This card type is not accepted');
    if (isCardExpired(card.expiration_date, now))
      throw new SandboxCardError('expiration_date', 'This card has expired');
    if (card.cvc.length !== (brand === 'AmericanExpress' ? 4 : 3)) {
      throw new SandboxCardError('cvc', 'Enter the 3 or 4 digits of the CVC');
    }
    const value = randomBytes(32).toString('base64url');
    // Tokens past their 15 minutes are of no use to anyone: each new one clears them (indexed on expiry).
    await this.db.delete(sandboxGatewayTokens).where(lt(sandboxGatewayTokens.expiresAt, now));
    await this.db.insert(sandboxGatewayTokens).values({
      tokenSha256: sha256(value),
      cardType: brand,
      cardLast4: card.card_number.slice(-4),
      cardHolder: card.full_name,
      expirationDate: card.expiration_date,
      outcome: outcomeOf(card.card_number, card.cvc),
      expiresAt: new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS),
    });
    return { data_descriptor: SANDBOX_DATA_DESCRIPTOR, data_value: value };
  }

  async createCustomerProfile(_customer: GatewayCustomer): Promise<{ customerProfileId: string }> {
    return { customerProfileId: processorId('sbx_cus_') };
  }

  async createPaymentProfile(input: {
    customerProfileId: string;
    opaqueData: TOpaqueData;
    cardHolder: string;
  }): Promise<PaymentProfileResult> {
    const card = await this.consumeToken(input.opaqueData);
    if (!card) return { ok: false, reason: 'invalid_token', message: SANDBOX_DECLINE_MESSAGES.invalid_token };
    // Saving validates the card (Authorize.net's validationMode): a card that would decline is refused.
    if (card.outcome !== 'approve') {
      const reason = OUTCOME_REASONS[card.outcome as Exclude<Outcome, 'approve'>];
      return { ok: false, reason, message: SANDBOX_DECLINE_MESSAGES[reason] };
    }
    const paymentProfileId = processorId('sbx_pp_');
    await this.db.insert(sandboxGatewayPaymentProfiles).values({
      customerProfileId: input.customerProfileId,
      paymentProfileId,
      cardType: card.cardType,
      cardLast4: card.cardLast4,
      expirationDate: card.expirationDate,
      outcome: card.outcome,
    });
    return { ok: true, paymentProfileId, card: summary(card, input.cardHolder) };
  }

  async deletePaymentProfile(input: { customerProfileId: string; paymentProfileId: string }): Promise<void> {
    await this.db
      .delete(sandboxGatewayPaymentProfiles)
      .where(
        and(
          eq(sandboxGatewayPaymentProfiles.customerProfileId, input.customerProfileId),
          eq(sandboxGatewayPaymentProfiles.paymentProfileId, input.paymentProfileId),
        ),
      );
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const card = await this.cardOf(input.source);
    if (!card)
      return { approved: false, reason: 'invalid_token', message: SANDBOX_DECLINE_MESSAGES.invalid_token };
    if (isCardExpired(card.expirationDate)) {
      return { approved: false, reason: 'expired', message: SANDBOX_DECLINE_MESSAGES.expired };
    }
    if (card.outcome !== 'approve') {
      const reason = OUTCOME_REASONS[card.outcome as Exclude<Outcome, 'approve'>];
      return { approved: false, reason, message: SANDBOX_DECLINE_MESSAGES[reason] };
    }
    const gatewayTransactionId = processorId('sbx_txn_');
    await this.db.insert(sandboxGatewayCharges).values({
      transactionId: gatewayTransactionId,
      amountCents: input.amountCents,
      invoiceNumber: input.orderReference,
      cardType: card.cardType,
      cardLast4: card.cardLast4,
    });
    return {
      approved: true,
      gatewayTransactionId,
      authCode: randomBytes(3).toString('hex').toUpperCase(),
      card: summary(card, card.cardHolder),
    };
  }

  async voidCharge(gatewayTransactionId: string): Promise<void> {
    await this.db
      .update(sandboxGatewayCharges)
      .set({ voidedAt: sql`now()` })
      .where(eq(sandboxGatewayCharges.transactionId, gatewayTransactionId));
  }

  private async cardOf(source: PaymentSource): Promise<StoredCard | null> {
    if (source.kind === 'token') {
      const card = await this.consumeToken(source.opaqueData);
      return card ? { ...card, cardHolder: source.cardHolder || card.cardHolder } : null;
    }
    const [profile] = await this.db
      .select()
      .from(sandboxGatewayPaymentProfiles)
      .where(
        and(
          eq(sandboxGatewayPaymentProfiles.customerProfileId, source.customerProfileId),
          eq(sandboxGatewayPaymentProfiles.paymentProfileId, source.paymentProfileId),
        ),
      );
    return profile ? { ...profile, cardHolder: '' } : null;
  }

  /** A token works once, before it expires: the update that marks it used is the check. */
  private async consumeToken(opaqueData: TOpaqueData): Promise<StoredCard | null> {
    if (opaqueData.data_descriptor !== SANDBOX_DATA_DESCRIPTOR) return null;
    const [token] = await this.db
      .update(sandboxGatewayTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(sandboxGatewayTokens.tokenSha256, sha256(opaqueData.data_value)),
          isNull(sandboxGatewayTokens.usedAt),
          gt(sandboxGatewayTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return token ?? null;
  }
}

function summary(card: StoredCard, holder: string): CardSummary {
  return { brand: card.cardType, last4: card.cardLast4, expiration: card.expirationDate, holder };
}
