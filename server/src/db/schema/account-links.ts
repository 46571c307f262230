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
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { processingLabs, users } from './accounts.ts';

/**
 * The role tables (each role's own data, 1:1 with its user) and the links between accounts (HC staff,
 * RHC ↔ HC). Only `modules/accounts` reads or writes them (docs/decisions/007-accounts-core.md); every
 * other module asks it, so the rules of a link live in one place.
 */
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
