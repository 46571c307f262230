import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import {
  passkeys,
  recoveryCodes,
  secondFactorPolicy,
  totpCredentials,
  webauthnChallenges,
} from '../../../db/schema/second-factors.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

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
