import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const memberships = pgTable('memberships', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/**
 * White-label tenants (part 2 §3 "White label"): a branded portal per host name. `name` is the
 * portal's title; `host` is the lower-cased host of `url` that requests are matched on. The server
 * configuration steps of the wizard stamp their times here, so each is idempotent and the list
 * shows how far a domain got (docs/decisions/023-white-label-domains.md).
 */
export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull().default(''),
    host: text('host').notNull().default(''),
    description: text('description').notNull().default(''),
    emailSender: text('email_sender').notNull().default(''),
    /** The logo in file storage (white-label/<id>/…), '' until the config step. */
    logoKey: text('logo_key').notNull().default(''),
    /** '#rrggbb' or '' for the portal's own colours. */
    brandColor: text('brand_color').notNull().default(''),
    /** Served at /.well-known/portal-domain-check so check_up knows the domain reaches this portal. */
    checkToken: text('check_token').notNull().default(''),
    folderCreatedAt: timestamp('folder_created_at', { withTimezone: true }),
    siteFileWrittenAt: timestamp('site_file_written_at', { withTimezone: true }),
    /** The A record pointed at the server address (the TLS ask endpoint approves only then). */
    dnsVerifiedAt: timestamp('dns_verified_at', { withTimezone: true }),
    /** A request through the domain reached this portal: Up and Running. */
    reachableAt: timestamp('reachable_at', { withTimezone: true }),
    sslCompletedAt: timestamp('ssl_completed_at', { withTimezone: true }),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('domains_host_key').on(t.host).where(sql`${t.host} <> ''`)],
);

export const processingLabs = pgTable('processing_labs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every account of every role: identity, login and membership. What a role adds (a patient's lab
 * tracking, a center's rep and lab, a sales person's team, a lab account's lab) lives in the 1:1
 * tables below, written only by server/src/modules/accounts (docs/decisions/007-accounts-core.md).
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
    authCustomerProfileId: text('auth_customer_profile_id').notNull().default(''),
    authCustomerPaymentProfileId: text('auth_customer_payment_profile_id').notNull().default(''),
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /**
     * When the owner proved the e-mail address (a confirmation link, or a password set from a mailed
     * link). Accounts made by someone else start confirmed; a public sign-up starts with null and
     * cannot sign in until it is set.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }).defaultNow(),
    /** Made through a public sign-up form (admins review these on their dashboard). */
    selfSignup: boolean('self_signup').notNull().default(false),
    /**
     * Signs in without a second factor whatever the policy: the demo accounts of `npm start` only,
     * so a first run stays one step (docs/decisions/031-strong-sign-in.md).
     */
    secondFactorExempt: boolean('second_factor_exempt').notNull().default(false),
    /** Lower-cased haystack for the admin user search (trigram-indexed). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company, '') || ' ' || coalesce(phone_number, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Lets a role table reference (user, membership) so that only a patient has a patient row.
    unique('users_id_membership_key').on(t.id, t.membershipId),
    index('users_membership_idx').on(t.membershipId, t.isActive, t.id),
    // The orders of the center lists (by company) and of the people lists (by name).
    index('users_membership_company_idx').on(t.membershipId, t.company, t.id),
    index('users_membership_name_idx').on(t.membershipId, t.lastName, t.firstName, t.id),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('users_self_signup_idx').on(t.dateJoined).where(sql`${t.selfSignup}`),
    // A white-label admin's lists: the accounts of its domain.
    index('users_domain_idx').on(t.domainId, t.membershipId, t.id).where(sql`${t.domainId} IS NOT NULL`),
  ],
);

/** The role table's own account: (user_id, membership_id) must match a user of that membership. */
function ownAccount(
  t: { userId: AnyPgColumn; membershipId: AnyPgColumn },
  name: string,
  memberships: readonly number[],
) {
  return [
    foreignKey({
      name: `${name}_account_fk`,
      columns: [t.userId, t.membershipId],
      foreignColumns: [users.id, users.membershipId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    check(`${name}_membership_check`, sql`${t.membershipId} IN (${sql.raw(memberships.join(', '))})`),
  ];
}

/**
 * A patient's links and lab record: its centers, rep and processing lab, the sample id at the lab
 * (`lab_sample_id`, the API's `lab_id`), the lab-tracking dates and the vial totals that move with
 * vial_records. A center with patients cannot be deleted (RESTRICT, docs/decisions/003).
 */
export const patientAccounts = pgTable(
  'patient_accounts',
  {
    userId: integer('user_id').primaryKey(),
    membershipId: integer('membership_id').notNull().default(2),
    harvestCenterId: integer('harvest_center_id').references(() => users.id, { onDelete: 'restrict' }),
    referralHarvestCenterId: integer('referral_harvest_center_id').references(() => users.id, {
      onDelete: 'restrict',
    }),
    salesRepId: integer('sales_rep_id').references(() => users.id, { onDelete: 'set null' }),
    processingLabId: integer('processing_lab_id').references(() => processingLabs.id, {
      onDelete: 'set null',
    }),
    labSampleId: text('lab_sample_id').notNull().default(''),
    numberTimesQcDone: integer('number_times_qc_done').notNull().default(0),
    dateAdiposeShippedToLab: date('date_adipose_shipped_to_lab'),
    dateAdiposeReceivedByLab: date('date_adipose_received_by_lab'),
    estimatedDateVialsReadyToShip: date('estimated_date_vials_ready_to_ship'),
    estimatedDateSetManually: boolean('estimated_date_set_manually').notNull().default(false),
    dateVialsReadyToShip: date('date_vials_ready_to_ship'),
    stemcellPlatingInitiatedDate: date('stemcell_plating_initiated_date'),
    /** 1 Yes, 2 No (part 1 §3). */
    stemcellPlatingSuccessful: smallint('stemcell_plating_successful'),
    /** 1 Yes, 2 No (part 1 §3). */
    hlaTypingTest: smallint('hla_typing_test'),
    vialsPreparation: integer('vials_preparation').notNull().default(0),
    vialsReadyShip: integer('vials_ready_ship').notNull().default(0),
    vialsAvailable: integer('vials_available').notNull().default(0),
    vialsShipped: integer('vials_shipped').notNull().default(0),
  },
  (t) => [
    ...ownAccount(t, 'patient_accounts', [2]),
    index('patient_accounts_hc_idx').on(t.harvestCenterId),
    index('patient_accounts_rhc_idx').on(t.referralHarvestCenterId),
    index('patient_accounts_rep_idx').on(t.salesRepId),
    index('patient_accounts_lab_idx').on(t.processingLabId),
    index('patient_accounts_lab_sample_idx').on(sql`lower(${t.labSampleId})`),
    check(
      'patient_accounts_counts_check',
      sql`${t.numberTimesQcDone} >= 0 AND ${t.vialsPreparation} >= 0 AND ${t.vialsReadyShip} >= 0 AND ${t.vialsAvailable} >= 0 AND ${t.vialsShipped} >= 0`,
    ),
    check(
      'patient_accounts_yes_no_check',
      sql`coalesce(${t.stemcellPlatingSuccessful}, 1) IN (1, 2) AND coalesce(${t.hlaTypingTest}, 1) IN (1, 2)`,
    ),
  ],
);

/** A harvest center's (4) or referral harvest center's (5) rep, and the lab an HC sends tissue to. */
export const centerAccounts = pgTable(
  'center_accounts',
  {
    userId: integer('user_id').primaryKey(),
    membershipId: integer('membership_id').notNull(),
    salesRepId: integer('sales_rep_id').references(() => users.id, { onDelete: 'set null' }),
    processingLabId: integer('processing_lab_id').references(() => processingLabs.id, {
      onDelete: 'set null',
    }),
    /** The center's logo (`hc-logos/<uuid>.png`, resized on upload); null when it has none. */
    logoKey: text('logo_key'),
  },
  (t) => [
    ...ownAccount(t, 'center_accounts', [4, 5]),
    index('center_accounts_rep_idx').on(t.salesRepId),
    index('center_accounts_lab_idx').on(t.processingLabId),
  ],
);

/**
 * The sales chain, one link per account: a rep (3) names its manager, a manager (6) its
 * distributor. A rep's distributor is its manager's (modules/accounts/sales-chain.ts).
 */
export const salesAccounts = pgTable(
  'sales_accounts',
  {
    userId: integer('user_id').primaryKey(),
    membershipId: integer('membership_id').notNull(),
    salesManagerId: integer('sales_manager_id').references(() => users.id, { onDelete: 'set null' }),
    salesDistributorId: integer('sales_distributor_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...ownAccount(t, 'sales_accounts', [3, 6]),
    index('sales_accounts_manager_idx').on(t.salesManagerId),
    index('sales_accounts_distributor_idx').on(t.salesDistributorId),
    check(
      'sales_accounts_chain_check',
      sql`(${t.membershipId} = 3 AND ${t.salesDistributorId} IS NULL) OR (${t.membershipId} = 6 AND ${t.salesManagerId} IS NULL)`,
    ),
  ],
);

/** A lab account's (1 Lab, 11 Lab Access) processing lab. */
export const labAccounts = pgTable(
  'lab_accounts',
  {
    userId: integer('user_id').primaryKey(),
    membershipId: integer('membership_id').notNull(),
    processingLabId: integer('processing_lab_id').references(() => processingLabs.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [...ownAccount(t, 'lab_accounts', [1, 11]), index('lab_accounts_lab_idx').on(t.processingLabId)],
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

/**
 * Requests to join a harvest center: a staff member who signed up through the HC's staff link, or
 * an RHC that named the HC (hcid). A request is pending until the HC or an admin decides; only an
 * approved one becomes a link (hc_staff_links, rhc_hc_links), so nothing is shared before the HC
 * consents (docs/decisions/027-consent-to-join-a-center.md).
 */
export const centerJoinRequests = pgTable(
  'center_join_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['staff', 'rhc'] }).notNull(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    harvestCenterId: integer('harvest_center_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('center_join_requests_key').on(t.kind, t.requesterId, t.harvestCenterId),
    index('center_join_requests_hc_idx').on(t.harvestCenterId, t.status, t.createdAt),
    check('center_join_requests_kind_check', sql`${t.kind} IN ('staff', 'rhc')`),
    check('center_join_requests_status_check', sql`${t.status} IN ('pending', 'approved', 'declined')`),
  ],
);

/**
 * A harvest center's join link (/hc-staff-registration?hcid=…&token=…): an unguessable token the HC
 * renews from /staff-view (the old link stops working). Kept readable because the HC copies its link
 * again at any time; a token only lets someone ask to join, never join.
 */
export const centerJoinLinks = pgTable('center_join_links', {
  harvestCenterId: integer('harvest_center_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
