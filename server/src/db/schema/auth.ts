import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Opaque session tokens, stored as SHA-256 hashes. An impersonation or staff-access session
 * points at the session it came from (parentTokenId), so going back never trusts the browser.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['login', 'impersonation', 'staff_access'] })
      .notNull()
      .default('login'),
    parentTokenId: integer('parent_token_id').references((): AnyPgColumn => authTokens.id, {
      onDelete: 'cascade',
    }),
    /** The real person behind an impersonation or staff-access session. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** How the login was proved: password, passkey, password+totp, password+passkey, password+recovery_code. */
    established: text('established').notNull().default('password'),
    /**
     * complete: a session like any other. second_factor: the password was right and a second factor
     * is still owed; enrolment: the account must set one up first. Only the sign-in steps accept these.
     */
    stage: text('stage', { enum: ['complete', 'second_factor', 'enrolment'] })
      .notNull()
      .default('complete'),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId),
    index('auth_tokens_parent_idx').on(t.parentTokenId),
    check('auth_tokens_kind_check', sql`${t.kind} IN ('login', 'impersonation', 'staff_access')`),
    check('auth_tokens_stage_check', sql`${t.stage} IN ('complete', 'second_factor', 'enrolment')`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
