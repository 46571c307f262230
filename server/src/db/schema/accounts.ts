import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
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
