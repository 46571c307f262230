import type { TCheckoutAddress } from '@portal/shared/checkout';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './vials.ts';

/**
 * Commerce (part 2 §2-§5, §7; docs/decisions/019-commerce-and-payments.md): saved locations, saved
 * cards, coupons, and the transactions checkout writes. Money is integer cents.
 */

/** Saved addresses of an account; at most one default (the partial unique index), the service keeps exactly one. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationName: text('location_name').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    stateDesc: text('state_desc').notNull(),
    countryDesc: text('country_desc').notNull(),
    zipCode: text('zip_code').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locations_user_idx').on(t.userId, t.id),
    uniqueIndex('locations_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * Saved cards: the gateway's customer and payment profile ids and what may be shown (brand, last 4,
 * holder, expiry). Never the number or the CVC. The default card is the user's
 * auth_customer_payment_profile_id (part 2 §7).
 */
export const paymentProfiles = pgTable(
  'payment_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: ['sandbox', 'authorizenet'] }).notNull(),
    customerProfileId: text('customer_profile_id').notNull(),
    paymentProfileId: text('payment_profile_id').notNull(),
    cardType: text('card_type').notNull(),
    cardLast4: text('card_last4').notNull(),
    cardHolder: text('card_holder').notNull(),
    /** Year-month, "2027-03". */
    expirationDate: text('expiration_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_profiles_user_idx').on(t.userId, t.id),
    uniqueIndex('payment_profiles_gateway_id_idx').on(t.gateway, t.paymentProfileId),
    check('payment_profiles_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** Coupon codes: a fixed amount off, optionally limited to products and one harvest center. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** 0 = unlimited. */
    maxUseNumber: integer('max_use_number').notNull().default(0),
    usedNumber: integer('used_number').notNull().default(0),
    discountAmountCents: integer('discount_amount_cents').notNull(),
    /** Empty = every product. */
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
    harvestCenterId: integer('harvest_center_id').references(() => users.id, { onDelete: 'set null' }),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(sql`lower(${t.code})`),
    check('coupons_discount_positive', sql`${t.discountAmountCents} > 0`),
    check('coupons_max_use_nonnegative', sql`${t.maxUseNumber} >= 0`),
    // The last line of defence of max uses under concurrency (checkout also reserves under a row lock).
    check('coupons_uses_within_max', sql`${t.maxUseNumber} = 0 OR ${t.usedNumber} <= ${t.maxUseNumber}`),
  ],
);

/** A card address as the checkout sent it (addressInfo / shippingInfo). */
export type StoredAddress = TCheckoutAddress;

/**
 * One paid order line. The parties and the sales team are copied at the time of sale, so reports and
 * commissions keep who sold what even when links change later.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    /**
     * Numbered without gaps, on success only: the default (next_invoice_id(), migration 0014) gives
     * the last number written plus one, under a lock held until the writing transaction ends, so a
     * rollback takes nothing and concurrent checkouts take their numbers in turn.
     */
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull().unique().default(sql`next_invoice_id()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who paid: an HC, an RHC or a patient (the account whose card was charged). */
    buyerUserId: integer('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member who placed the order on the HC's behalf. */
    hcStaffId: integer('hc_staff_id').references(() => users.id, { onDelete: 'set null' }),
    harvestCenterId: integer('harvest_center_id').references(() => users.id, { onDelete: 'set null' }),
    referralHarvestCenterId: integer('referral_harvest_center_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    patientId: integer('patient_id').references(() => users.id, { onDelete: 'set null' }),
    salesRepId: integer('sales_rep_id').references(() => users.id, { onDelete: 'set null' }),
    salesManagerId: integer('sales_manager_id').references(() => users.id, { onDelete: 'set null' }),
    salesDistributorId: integer('sales_distributor_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    orderDescription: text('order_description').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    shippingFeeCents: integer('shipping_fee_cents').notNull().default(0),
    harvestFeeCents: integer('harvest_fee_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCodeUsed: text('coupon_code_used').notNull().default(''),
    /** Every share below is paid (or has nobody to pay): the spec's "commission paid". */
    commissionPaid: boolean('commission_paid').notNull().default(false),
    /**
     * Commission shares, computed from the rates in force when the transaction was written (or last
     * edited by an admin) and kept: a later rate change never rewrites them. Each share is paid on
     * its own (the commissions screen pays a rep's line without paying the manager's).
     */
    repCommissionCents: integer('rep_commission_cents').notNull().default(0),
    managerCommissionCents: integer('manager_commission_cents').notNull().default(0),
    distributorCommissionCents: integer('distributor_commission_cents').notNull().default(0),
    repCommissionPaidAt: timestamp('rep_commission_paid_at', { withTimezone: true }),
    managerCommissionPaidAt: timestamp('manager_commission_paid_at', { withTimezone: true }),
    distributorCommissionPaidAt: timestamp('distributor_commission_paid_at', { withTimezone: true }),
    shippingDate: date('shipping_date', { mode: 'string' }),
    hcEmail: text('hc_email').notNull().default(''),
    billingEmail: text('billing_email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    billingAddress: jsonb('billing_address').$type<StoredAddress>(),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>(),
    gateway: text('gateway').notNull().default(''),
    gatewayTransactionId: text('gateway_transaction_id').notNull().default(''),
    cardType: text('card_type').notNull().default(''),
    cardLast4: text('card_last4').notNull().default(''),
  },
  (t) => [
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_hc_idx').on(t.harvestCenterId, t.createdAt),
    index('transactions_rhc_idx').on(t.referralHarvestCenterId, t.createdAt),
    index('transactions_patient_idx').on(t.patientId, t.createdAt),
    index('transactions_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('transactions_sales_rep_idx').on(t.salesRepId, t.createdAt),
    index('transactions_sales_manager_idx').on(t.salesManagerId, t.createdAt),
    index('transactions_sales_distributor_idx').on(t.salesDistributorId, t.createdAt),
    index('transactions_product_idx').on(t.productId, t.createdAt),
    // The report's search by coupon code (the other search arms use the party indexes above).
    index('transactions_coupon_code_idx')
      .on(sql`lower(${t.couponCodeUsed})`)
      .where(sql`${t.couponCodeUsed} <> ''`),
    check('transactions_quantity_positive', sql`${t.quantity} > 0`),
    check('transactions_amount_nonnegative', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Checkout attempts by idempotency key: a repeated submit finds its attempt and gets the same answer
 * (or 409 while the first is still running) instead of a second charge.
 */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the canonical request: the same key with a different order is refused. */
    requestSha256: text('request_sha256').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'declined', 'failed'] })
      .notNull()
      .default('pending'),
    /** The coupon use reserved while the card is charged; released when it is declined. */
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    httpStatus: integer('http_status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('checkout_attempts_key_idx').on(t.userId, t.idempotencyKey)],
);

/**
 * The notes an admin writes when editing a transaction (part 2 §3 transaction_history), with what
 * the edit changed. The audit log keeps the same change with the actor and address.
 */
export const transactionNotes = pgTable(
  'transaction_notes',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transaction_notes_transaction_idx').on(t.transactionId, t.createdAt)],
);

/**
 * Commission rates per product and level, in basis points of the amount (1250 = 12.5%). Rows are
 * never updated: a change is a new row from its effective date, so the history stays and the rate
 * in force at any moment is the newest row that had started by then.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    level: text('level', { enum: ['rep', 'manager', 'distributor'] }).notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_rates_lookup_idx').on(t.productId, t.level, t.effectiveFrom),
    check('commission_rates_level', sql`${t.level} IN ('rep', 'manager', 'distributor')`),
    check('commission_rates_range', sql`${t.rateBasisPoints} >= 0 AND ${t.rateBasisPoints} <= 10000`),
  ],
);

/**
 * How many transactions there are in all (dimension 'all', key 0) and per value of each column the
 * report filters and scopes by equality ('product', 'sales_rep', ...: the id), kept by statement
 * triggers (migration 0006). A page whose only condition is one of these reads its total here
 * instead of counting a third of a million rows on every page.
 */
export const transactionCounts = pgTable(
  'transaction_counts',
  {
    dimension: text('dimension').notNull(),
    key: integer('key').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.key] })],
);
