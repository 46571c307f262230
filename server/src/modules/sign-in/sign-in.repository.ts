import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { authTokens, passwordResetTokens } from '../../db/schema/auth.ts';

/** The reads and writes of signing in and out, of password links and of linked sessions. */

export type UserLoginRow = typeof users.$inferSelect;

/** The user with this e-mail (case-insensitive), its password hash included. */
export async function findUserByEmail(db: Db, email: string): Promise<UserLoginRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

export async function findUserRowById(db: Db, id: number): Promise<UserLoginRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * Claims a password link by the hash of its token, if it is unused and unexpired; the user it was
 * made for, else undefined. Claiming in the UPDATE makes a second use of the same link fail.
 */
export async function claimPasswordLink(db: Db, tokenHash: string): Promise<number | undefined> {
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return claimed?.userId;
}

/** The password set through a mailed link: the address is proven too (confirmed if it was not). */
export async function setPasswordFromLink(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(eq(users.id, userId));
}

/** Marks the user's other unused password links used. */
export async function spendOpenPasswordLinks(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** A session that is neither revoked nor expired, with its user (the parent of a linked session). */
export async function findLiveSessionWithUser(db: Db, tokenId: number) {
  const [row] = await db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, sql`now()`)),
    )
    .limit(1);
  return row;
}
