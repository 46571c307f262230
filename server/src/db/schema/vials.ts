import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { patientAccounts } from './account-links.ts';
import { users } from './accounts.ts';

/** Products of part 2 §9; prices in integer cents. */
export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  shippingFeeCents: integer('shipping_fee_cents').notNull().default(0),
});

/**
 * One vial movement of a patient; the patient's totals (patient_accounts) change in the same
 * transaction. A patient with vial records cannot be deleted (RESTRICT, docs/decisions/003).
 */
export const vialRecords = pgTable(
  'vial_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => patientAccounts.userId, { onDelete: 'restrict' }),
    type: text('type', { enum: ['added', 'shipped'] }).notNull(),
    quantity: integer('quantity').notNull(),
    date: date('date').notNull(),
    note: text('note').notNull().default(''),
    trackingId: text('tracking_id').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vial_records_user_idx').on(t.userId, t.date, t.id),
    check('vial_records_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('vial_records_type_check', sql`${t.type} IN ('added', 'shipped')`),
  ],
);
