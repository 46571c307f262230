import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { transactions } from './commerce.ts';

/**
 * Shipping-label requests (part 2 §2-§5, §7 Shipping labels): a harvest center (or RHC) asks for a
 * courier label to send patients' tissue; an admin adds the tracking number, link and label file
 * and mails the label to the center. The address and contacts are copied as the center sent them.
 */
export const shippingLabelRequests = pgTable(
  'shipping_label_requests',
  {
    id: serial('id').primaryKey(),
    /** The asking center: an HC (4) or an RHC (5). */
    centerId: integer('center_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The processing-fee transaction the label is for (one request per transaction). */
    transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** Who pressed Request (the center, its staff, or an admin). */
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    centerName: text('center_name').notNull().default(''),
    centerEmail: text('center_email').notNull(),
    representative: text('representative').notNull(),
    doctorName: text('doctor_name').notNull().default(''),
    doctorEmail: text('doctor_email').notNull().default(''),
    doctorPhone: text('doctor_phone').notNull().default(''),
    /** 'Other' in the patient picker: a patient without an account here. */
    otherPatientName: text('other_patient_name').notNull().default(''),
    labelDate: date('label_date', { mode: 'string' }).notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    stateDesc: text('state_desc').notNull(),
    countryDesc: text('country_desc').notNull(),
    zipCode: text('zip_code').notNull(),
    trackingNumber: text('tracking_number').notNull().default(''),
    trackingLink: text('tracking_link').notNull().default(''),
    /** Storage key of the label PDF (`shipping-labels/<id>/<uuid>.pdf`); null until one is added. */
    labelKey: text('label_key'),
    labelSha256: text('label_sha256'),
    notificationSent: boolean('notification_sent').notNull().default(false),
    notificationSentAt: timestamp('notification_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased haystack of the admin filter box (trigram-indexed, like users.search_text). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(center_name, '') || ' ' || coalesce(center_email, '') || ' ' || coalesce(representative, '') || ' ' || coalesce(doctor_name, '') || ' ' || coalesce(doctor_email, '') || ' ' || coalesce(other_patient_name, '') || ' ' || coalesce(tracking_number, '') || ' ' || coalesce(city, ''))`,
    ),
  },
  (t) => [
    index('shipping_label_requests_created_idx').on(t.createdAt, t.id),
    index('shipping_label_requests_center_idx').on(t.centerId, t.createdAt),
    uniqueIndex('shipping_label_requests_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} IS NOT NULL`),
    uniqueIndex('shipping_label_requests_label_key_idx').on(t.labelKey).where(sql`${t.labelKey} IS NOT NULL`),
    index('shipping_label_requests_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check(
      'shipping_label_requests_sent_has_label',
      sql`NOT ${t.notificationSent} OR ${t.labelKey} IS NOT NULL`,
    ),
  ],
);

/** The patients whose samples travel under one label. */
export const shippingLabelPatients = pgTable(
  'shipping_label_request_patients',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => shippingLabelRequests.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.patientId] }),
    index('shipping_label_request_patients_patient_idx').on(t.patientId),
  ],
);
