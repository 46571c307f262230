import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { memberships, users } from './accounts.ts';

/*
 * Second factors (docs/decisions/031-strong-sign-in.md): passkeys (WebAuthn), authenticator codes
 * (TOTP, RFC 6238) and single-use recovery codes, the admins' policy of who must have one, and the
 * WebAuthn challenges the server issued.
 */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/** A passkey: a WebAuthn credential of one account, named by its owner. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id (base64url), unique across the portal. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key. */
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter (0 for those that do not count). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** The RP id (host) it was made for: a white-label domain's passkey works only there. */
    rpId: text('rp_id').notNull(),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * An account's authenticator app (one at most). The secret is encrypted (AES-256-GCM under the
 * portal's secret key); `confirmedAt` is null until the first code proves the app has it. The last
 * accepted time step makes every code single use.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Ten single-use recovery codes, shown once, kept as hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge the server issued: single use, short-lived, for a registration (an account)
 * or an authentication (an account after its password, or anyone for a passkey sign-in).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    rpId: text('rp_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_check', sql`${t.purpose} IN ('registration', 'authentication')`),
  ],
);

/** Which account types must have a second factor (admins choose; the migration sets the defaults). */
export const secondFactorPolicy = pgTable('second_factor_policy', {
  membershipId: integer('membership_id')
    .primaryKey()
    .references(() => memberships.id),
  required: boolean('required').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Keys the portal makes for itself when none is configured (SECRET_KEY), one row each, so that every
 * process uses the same: today the key that encrypts authenticator secrets.
 */
export const portalSecrets = pgTable('portal_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
