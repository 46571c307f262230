import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { passwordResetTokens } from '../db/schema/auth.ts';
import { hashToken } from './tokens.ts';

/**
 * A single-use link to the set-password page (a reset, or a new account's invitation): the token
 * is stored only as its hash; the raw one goes into the mail the caller queues in the same
 * transaction.
 */
export async function createPasswordLink(
  db: Db,
  input: { userId: number; publicUrl: string; ttlMs: number },
): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(raw),
    userId: input.userId,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return `${input.publicUrl}/reset-password?token=${raw}`;
}
