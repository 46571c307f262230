import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens } from '../db/schema/auth.ts';
import { noteSessionsChanged } from './session-invalidation.ts';

/**
 * Sessions that act as the user: their own logins, and the Login As and staff-access sessions
 * other people opened into the account (their user_id is the account too).
 */
function sessionsActingAs(userId: number): SQL {
  return eq(authTokens.userId, userId);
}

/** Sessions the user opened as someone else (Login As, "Access to this HC"). */
function sessionsOpenedBy(userId: number): SQL {
  return eq(authTokens.actorUserId, userId);
}

/**
 * Ends every session acting as the user and every session the user opened as someone else: after
 * a password change, a password reset or a deactivation nobody keeps acting as the account with
 * the old credentials, and the person's linked sessions do not outlive their own.
 * `keepTokenId` spares the session that changed its own password.
 */
export async function revokeAllSessionsOfUser(
  db: Db,
  userId: number,
  options: { keepTokenId?: number } = {},
): Promise<void> {
  await revokeSessionsWhere(
    db,
    and(
      or(sessionsActingAs(userId), sessionsOpenedBy(userId)),
      options.keepTokenId === undefined ? undefined : ne(authTokens.id, options.keepTokenId),
    ),
  );
}

/** Ends the live sessions `which` selects, and tells every process's session cache. */
export async function revokeSessionsWhere(db: Db, which: SQL | undefined): Promise<void> {
  noteSessionsChanged();
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(which, isNull(authTokens.revokedAt)));
}
