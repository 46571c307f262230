import type { Db } from '../db/client.ts';
import { findLiveSession, type SessionRow } from './tokens.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a session ends at the latest: its idle expiry, or its absolute lifetime counted from the
 * login (SESSION_MAX_AGE_DAYS), whichever comes first. Use does not move the second.
 */
export function sessionEndsAt(
  session: Pick<SessionRow, 'createdAt' | 'expiresAt'>,
  maxAgeDays: number,
): Date {
  return new Date(Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + maxAgeDays * DAY_MS));
}

/** The live session behind a raw token, or null when unknown, revoked, idle too long or too old. */
export async function findSessionWithinLifetime(db: Db, raw: string, maxAgeDays: number) {
  const session = await findLiveSession(db, raw);
  if (!session || sessionEndsAt(session, maxAgeDays).getTime() <= Date.now()) return null;
  return session;
}
