import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { passwordResetTokens } from '../db/schema/auth.ts';
import { hashToken } from './tokens.ts';

/**
 * The page a password link opens: a reset ("Reset Password"), or a new account's invitation
 * ("Set your password"). Both complete through the same call; only the words differ.
 */
const PASSWORD_LINK_PAGES = { reset: '/reset-password', invitation: '/set-password' } as const;
export type PasswordLinkPurpose = keyof typeof PASSWORD_LINK_PAGES;

/**
 * An invitation's token says so in its first characters (as ghp_ names a GitHub token): the server
 * knows what the link was for without a column. Only the hash of the whole token is stored, so the
 * prefix cannot be put on or taken off a token someone holds: the result would match no link.
 */
const INVITATION_TOKEN_PREFIX = 'invite_';
const RANDOM_TOKEN_LENGTH = 43; // 32 random bytes in base64url

/** What a password link's token was made for (meaningful once the token has matched a stored link). */
export function passwordLinkPurpose(token: string): PasswordLinkPurpose {
  return token.startsWith(INVITATION_TOKEN_PREFIX) &&
    token.length === INVITATION_TOKEN_PREFIX.length + RANDOM_TOKEN_LENGTH
    ? 'invitation'
    : 'reset';
}

/**
 * A single-use link to the set-password page (a reset, or a new account's invitation): the token
 * is stored only as its hash; the raw one goes into the mail the caller queues in the same
 * transaction.
 */
export async function createPasswordLink(
  db: Db,
  input: { userId: number; publicUrl: string; ttlMs: number; purpose: PasswordLinkPurpose },
): Promise<string> {
  const random = randomBytes(32).toString('base64url');
  const raw = input.purpose === 'invitation' ? `${INVITATION_TOKEN_PREFIX}${random}` : random;
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(raw),
    userId: input.userId,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return `${input.publicUrl}${PASSWORD_LINK_PAGES[input.purpose]}?token=${raw}`;
}
