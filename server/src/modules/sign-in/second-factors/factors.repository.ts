import { ADMIN_MEMBERSHIPS } from '@portal/shared/memberships';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { authTokens } from '../../../db/schema/auth.ts';
import {
  passkeys,
  recoveryCodes,
  secondFactorPolicy,
  totpCredentials,
  webauthnChallenges,
} from '../../../db/schema/second-factors.ts';

/** The second factors' tables: passkeys and their WebAuthn challenges, authenticator apps, recovery codes, the policy. */

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskeyRow = typeof passkeys.$inferInsert;

export async function findPasskeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function findTotpOf(db: Db, userId: number) {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).limit(1);
  return row;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** What an account can prove itself with, here (passkeys are counted for this relying party only). */
export type FactorSummary = {
  passkeysHere: number;
  passkeysAnywhere: number;
  totp: boolean;
  recoveryCodesLeft: number;
};

export async function summarizeFactors(db: Db, userId: number, rpId: string): Promise<FactorSummary> {
  const [keys, [totp], recoveryCodesLeft] = await Promise.all([
    db.select({ rpId: passkeys.rpId }).from(passkeys).where(eq(passkeys.userId, userId)),
    db
      .select({ userId: totpCredentials.userId })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt))),
    countUnusedRecoveryCodes(db, userId),
  ]);
  return {
    passkeysHere: keys.filter((key) => key.rpId === rpId).length,
    passkeysAnywhere: keys.length,
    totp: totp !== undefined,
    recoveryCodesLeft,
  };
}

/** An account has a second factor: a passkey (made anywhere) or a confirmed authenticator app. */
export function hasSecondFactor(summary: FactorSummary): boolean {
  return summary.passkeysAnywhere > 0 || summary.totp;
}

/** The admins' policy for the account's type, unless the account is exempt (the demo accounts). */
export async function isSecondFactorRequired(
  db: Db,
  account: { membershipId: number; secondFactorExempt: boolean },
): Promise<boolean> {
  if (account.secondFactorExempt) return false;
  const [row] = await db
    .select({ required: secondFactorPolicy.required })
    .from(secondFactorPolicy)
    .where(eq(secondFactorPolicy.membershipId, account.membershipId))
    .limit(1);
  return row?.required ?? false;
}

export async function findAccountForFactors(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      membershipId: users.membershipId,
      secondFactorExempt: users.secondFactorExempt,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
export type FactorAccount = NonNullable<Awaited<ReturnType<typeof findAccountForFactors>>>;

/** Every factor of an account, and its unanswered WebAuthn challenges; returns what was removed. */
export async function deleteAllFactorsOf(db: Db, userId: number) {
  const removedPasskeys = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  const removedTotp = await db
    .delete(totpCredentials)
    .where(eq(totpCredentials.userId, userId))
    .returning({ confirmedAt: totpCredentials.confirmedAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  return {
    passkeys: removedPasskeys.length,
    totp: removedTotp.some((row) => row.confirmedAt !== null),
  };
}

// ---------------------------------------------------------------------------------------------
// Passkeys and WebAuthn challenges.
// ---------------------------------------------------------------------------------------------

export async function insertChallenge(db: Db, row: typeof webauthnChallenges.$inferInsert): Promise<void> {
  await db.insert(webauthnChallenges).values(row);
}

/**
 * Uses up a challenge issued for this purpose, account (null: none named) and relying party, if it is
 * unexpired and unused; the challenge, else undefined.
 */
export async function claimChallenge(
  db: Db,
  challenge: string,
  which: { purpose: 'registration' | 'authentication'; userId: number | null; rpId: string },
): Promise<string | undefined> {
  const [claimed] = await db
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, which.purpose),
        which.userId === null
          ? isNull(webauthnChallenges.userId)
          : eq(webauthnChallenges.userId, which.userId),
        eq(webauthnChallenges.rpId, which.rpId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return claimed?.challenge;
}

/** The new passkey, or undefined when its credential is registered already. */
export async function insertPasskeyRow(db: Db, passkey: NewPasskeyRow): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(passkeys)
    .values(passkey)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row;
}

/**
 * Records a use of a passkey if its counter moves forward (a counter of 0 stays 0: the authenticator
 * keeps none), so two assertions racing with one count are accepted once; undefined otherwise.
 */
export async function recordPasskeyUse(
  db: Db,
  passkeyId: number,
  use: { counter: number; backedUp: boolean },
): Promise<PasskeyRow | undefined> {
  const counterMoves: SQL | undefined =
    use.counter > 0 ? sql`${passkeys.counter} < ${use.counter}` : eq(passkeys.counter, 0);
  const [updated] = await db
    .update(passkeys)
    .set({ counter: use.counter, lastUsedAt: new Date(), backedUp: use.backedUp })
    .where(and(eq(passkeys.id, passkeyId), counterMoves))
    .returning();
  return updated;
}

/** Deletes one of the account's passkeys; the removed row, or undefined when it has none by that id. */
export async function deletePasskeyOf(
  db: Db,
  userId: number,
  passkeyId: number,
): Promise<PasskeyRow | undefined> {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning();
  return removed;
}

/** Renames one of the account's passkeys; false when it has none by that id. */
export async function renamePasskeyOf(
  db: Db,
  userId: number,
  passkeyId: number,
  name: string,
): Promise<boolean> {
  const renamed = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return renamed.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Authenticator apps (TOTP).
// ---------------------------------------------------------------------------------------------

/** Writes a new unconfirmed secret; false when the account's app is confirmed (never replaced here). */
export async function writeUnconfirmedTotp(
  db: Db,
  userId: number,
  secretEncrypted: string,
): Promise<boolean> {
  const written = await db
    .insert(totpCredentials)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secretEncrypted, createdAt: new Date(), lastUsedStep: null, lastUsedAt: null },
      setWhere: isNull(totpCredentials.confirmedAt),
    })
    .returning({ userId: totpCredentials.userId });
  return written.length > 0;
}

/** The account's app, confirmed or still being set up. */
export async function findTotpIn(db: Db, userId: number, which: 'confirmed' | 'unconfirmed') {
  const [row] = await db
    .select()
    .from(totpCredentials)
    .where(
      and(
        eq(totpCredentials.userId, userId),
        which === 'confirmed' ? isNotNull(totpCredentials.confirmedAt) : isNull(totpCredentials.confirmedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Records an accepted code's step (and `changes`), if the secret is still `secretEncrypted` and no
 * later step was accepted meanwhile: a guarded UPDATE, so two requests racing with one code win once.
 */
export async function recordTotpStep(
  db: Db,
  userId: number,
  secretEncrypted: string,
  step: number,
  changes: Partial<Pick<typeof totpCredentials.$inferInsert, 'confirmedAt' | 'secretEncrypted'>>,
): Promise<boolean> {
  const accepted = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step, lastUsedAt: new Date(), ...changes })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        eq(totpCredentials.secretEncrypted, secretEncrypted),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return accepted.length > 0;
}

/** Removes the account's authenticator app (confirmed or half set up); true when there was a confirmed one. */
export async function deleteTotp(db: Db, userId: number): Promise<boolean> {
  const removed = await db
    .delete(totpCredentials)
    .where(eq(totpCredentials.userId, userId))
    .returning({ confirmedAt: totpCredentials.confirmedAt });
  return removed.some((row) => row.confirmedAt !== null);
}

// ---------------------------------------------------------------------------------------------
// Recovery codes.
// ---------------------------------------------------------------------------------------------

export async function insertRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function deleteRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Uses up a code by its hash: true once, for the first request that claims it (a guarded UPDATE). */
export async function claimRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const claimed = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return claimed.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The policy, and signing in.
// ---------------------------------------------------------------------------------------------

/** The main portal's active admins (super admin included), to be told of a change to the policy. */
export function findPortalAdminContacts(db: Db): Promise<{ id: number; email: string; firstName: string }[]> {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        inArray(users.membershipId, [...ADMIN_MEMBERSHIPS]),
        isNull(users.domainId),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(users.id));
}

/** The account types that must have a second factor. */
export async function findRequiredMemberships(db: Db): Promise<Set<number>> {
  const rows = await db.select().from(secondFactorPolicy).orderBy(asc(secondFactorPolicy.membershipId));
  return new Set(rows.filter((row) => row.required).map((row) => row.membershipId));
}

/** Writes the policy of every account type in `membershipIds`: required when in `required`. */
export async function writeSecondFactorPolicy(
  db: Db,
  membershipIds: readonly number[],
  required: ReadonlySet<number>,
  updatedBy: number,
): Promise<void> {
  const now = new Date();
  await db
    .insert(secondFactorPolicy)
    .values(
      membershipIds.map((membershipId) => ({
        membershipId,
        required: required.has(membershipId),
        updatedAt: now,
        updatedBy,
      })),
    )
    .onConflictDoUpdate({
      target: secondFactorPolicy.membershipId,
      set: { required: sql`excluded.required`, updatedAt: now, updatedBy },
    });
}

/** Whether any active account is exempt from second factors (the demo accounts exist). */
export async function existActiveExemptAccounts(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ exists: sql<boolean>`true` })
    .from(users)
    .where(and(eq(users.secondFactorExempt, true), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/** Ends a pending sign-in's token if it is still at `stage` and live; false when it was not (a guarded UPDATE). */
export async function claimPendingSession(
  db: Db,
  tokenId: number,
  stage: (typeof authTokens.$inferSelect)['stage'],
): Promise<boolean> {
  const [claimed] = await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, tokenId), eq(authTokens.stage, stage), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return claimed !== undefined;
}

export async function recordLastLogin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
}
