import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Products of part 2 §9; prices in integer cents. */
export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  shippingFeeCents: integer('shipping_fee_cents').notNull().default(0),
});

/** One vial movement of a patient; the patient's totals on users change in the same transaction. */
export const vialRecords = pgTable(
  'vial_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    index('vial_records_user_idx').on(t.userId, t.date),
    check('vial_records_quantity_nonnegative', sql`${t.quantity} >= 0`),
  ],
);
