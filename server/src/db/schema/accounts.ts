import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const memberships = pgTable('memberships', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** White-label tenants (part 2 §3 "White label"). */
export const domains = pgTable('domains', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const processingLabs = pgTable('processing_labs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every account of every role. Role-specific columns (patient lab tracking, sales links) live
 * here too because the spec's User carries them all and lists filter on them.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    company: text('company').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    stateDesc: text('state_desc').notNull().default(''),
    countryDesc: text('country_desc').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    templateId: text('template_id').notNull().default(''),
    documentId: text('document_id').notNull().default(''),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    domainId: integer('domain_id').references(() => domains.id, { onDelete: 'set null' }),
    salesRepId: integer('saless_rep_id'),
    salesManagerId: integer('sales_manager_id'),
    salesDistributorId: integer('sales_distributor_id'),
    harvestCenterId: integer('harvest_center_temporal_id'),
    referralHarvestCenterId: integer('referral_harvest_center_temporal_id'),
    processingLabId: integer('processing_lab_id').references(() => processingLabs.id, {
      onDelete: 'set null',
    }),
    /** The patient's sample identifier at the lab ("lab id" on the patient form). */
    labId: text('lab_id').notNull().default(''),
    authCustomerProfileId: text('auth_customer_profile_id').notNull().default(''),
    authCustomerPaymentProfileId: text('auth_customer_payment_profile_id').notNull().default(''),
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    // Patient lab tracking (part 1 §3).
    numberTimesQcDone: integer('number_times_qc_done').notNull().default(0),
    dateAdiposeShippedToLab: date('date_adipose_shipped_to_lab'),
    dateAdiposeReceivedByLab: date('date_adipose_received_by_lab'),
    estimatedDateVialsReadyToShip: date('estimated_date_vials_ready_to_ship'),
    estimatedDateSetManually: boolean('estimated_date_set_manually').notNull().default(false),
    dateVialsReadyToShip: date('date_vials_ready_to_ship'),
    stemcellPlatingInitiatedDate: date('stemcell_plating_initiated_date'),
    stemcellPlatingSuccessful: smallint('stemcell_plating_successful'),
    hlaTypingTest: smallint('hla_typing_test'),
    vialsPreparation: integer('vials_preparation').notNull().default(0),
    vialsReadyShip: integer('vials_ready_ship').notNull().default(0),
    vialsAvailable: integer('vials_available').notNull().default(0),
    vialsShipped: integer('vials_shipped').notNull().default(0),
    /** Lower-cased haystack for the admin user search (trigram-indexed). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company, '') || ' ' || coalesce(phone_number, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_membership_idx').on(t.membershipId, t.isActive, t.id),
    index('users_sales_rep_idx').on(t.salesRepId),
    index('users_sales_manager_idx').on(t.salesManagerId),
    index('users_sales_distributor_idx').on(t.salesDistributorId),
    index('users_harvest_center_idx').on(t.harvestCenterId),
    index('users_referral_harvest_center_idx').on(t.referralHarvestCenterId),
    index('users_processing_lab_idx').on(t.processingLabId),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const userTags = pgTable('user_tags', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const userTagLinks = pgTable(
  'user_tag_links',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => userTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index('user_tag_links_tag_idx').on(t.tagId)],
);

/** HC staff (9) ↔ harvest centers (4): staff_hc_ids. */
export const hcStaffLinks = pgTable(
  'hc_staff_links',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    harvestCenterId: integer('harvest_center_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.harvestCenterId] }),
    index('hc_staff_links_hc_idx').on(t.harvestCenterId),
  ],
);

/** Referral harvest centers (5) ↔ harvest centers (4): rhc_hc_ids. */
export const rhcHcLinks = pgTable(
  'rhc_hc_links',
  {
    rhcId: integer('rhc_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    harvestCenterId: integer('harvest_center_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.rhcId, t.harvestCenterId] }),
    index('rhc_hc_links_hc_idx').on(t.harvestCenterId),
  ],
);
