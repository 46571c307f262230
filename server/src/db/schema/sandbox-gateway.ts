import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox card gateway's own records (server/src/payment-gateways/sandbox/). It stands where a
 * card processor would be: it keeps card facts the portal's tables never hold (the outcome its test
 * numbers select), and no more than a real processor returns (brand, last 4, expiry). No number, no CVC.
 */

/** Single-use tokens from the tokenizer (Accept.js-style opaque data), valid for 15 minutes. */
export const sandboxGatewayTokens = pgTable(
  'sandbox_gateway_tokens',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the opaque data value. */
    tokenSha256: text('token_sha256').notNull().unique(),
    cardType: text('card_type').notNull(),
    cardLast4: text('card_last4').notNull(),
    cardHolder: text('card_holder').notNull(),
    expirationDate: text('expiration_date').notNull(),
    /** What charging this card does: 'approve', 'decline', 'insufficient_funds', 'cvc_mismatch'. */
    outcome: text('outcome').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_gateway_tokens_expires_idx').on(t.expiresAt)],
);

/** Customer payment profiles the sandbox gateway keeps (what Authorize.net CIM keeps for a merchant). */
export const sandboxGatewayPaymentProfiles = pgTable(
  'sandbox_gateway_payment_profiles',
  {
    id: serial('id').primaryKey(),
    customerProfileId: text('customer_profile_id').notNull(),
    paymentProfileId: text('payment_profile_id').notNull().unique(),
    cardType: text('card_type').notNull(),
    cardLast4: text('card_last4').notNull(),
    expirationDate: text('expiration_date').notNull(),
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_gateway_profiles_customer_idx').on(t.customerProfileId)],
);

/** Charges the sandbox gateway approved (a real processor's settlement record); voids mark them. */
export const sandboxGatewayCharges = pgTable('sandbox_gateway_charges', {
  id: serial('id').primaryKey(),
  transactionId: text('transaction_id').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  /** The order reference the portal sent, in the field Authorize.net calls invoiceNumber. */
  invoiceNumber: text('invoice_number').notNull(),
  cardType: text('card_type').notNull(),
  cardLast4: text('card_last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
});
