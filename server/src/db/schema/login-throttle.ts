import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed-login counters, one row per (address, account) and one per address alone (email ''):
 * an attempt reserves its slot in one upsert before the password is checked, so parallel
 * requests cannot all slip under the limit. Unlogged on PostgreSQL: losing counters in a crash
 * only reopens a window early.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    address: text('address').notNull(),
    /** Lower-cased e-mail the attempt named; '' for the row counting every account from the address. */
    email: text('email').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.email] }),
    index('login_throttle_window_idx').on(t.windowStartedAt),
  ],
);
