import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ColumnValue } from '../db/column-value.ts';
import { users } from '../db/schema/accounts.ts';
import { authTokens } from '../db/schema/auth.ts';

export type SessionKind = 'login' | 'impersonation' | 'staff_access';

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so a busy session does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export async function issueSessionToken(
  db: Db,
  input: {
    userId: number;
    ttlDays: number;
    kind?: SessionKind;
    parentTokenId?: number | null;
    actorUserId?: number | null;
    ip?: string;
    userAgent?: string;
  },
): Promise<{ token: string; tokenId: number }> {
  const token = newOpaqueToken();
  const [row] = await db
    .insert(authTokens)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      kind: input.kind ?? 'login',
      parentTokenId: input.parentTokenId ?? null,
      actorUserId: input.actorUserId ?? null,
      expiresAt: new Date(Date.now() + input.ttlDays * DAY_MS),
      ip: input.ip ?? '',
      userAgent: (input.userAgent ?? '').slice(0, 300),
    })
    .returning({ id: authTokens.id });
  return { token, tokenId: row.id };
}

export type SessionRow = {
  tokenId: number;
  kind: SessionKind;
  parentTokenId: number | null;
  actorUserId: number | null;
  lastUsedAt: Date;
  user: SessionAccount;
};

/** What a request needs of the account behind a session; read on every request, so kept small. */
const sessionAccountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  membershipId: users.membershipId,
  isActive: users.isActive,
  isSuperuser: users.isSuperuser,
  agreementAcceptedAt: users.agreementAcceptedAt,
};
export type SessionAccount = {
  [K in keyof typeof sessionAccountColumns]: ColumnValue<(typeof sessionAccountColumns)[K]>;
};

/** The live session behind a raw token, or null when unknown, revoked or expired. */
export async function findLiveSession(db: Db, raw: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      kind: authTokens.kind,
      parentTokenId: authTokens.parentTokenId,
      actorUserId: authTokens.actorUserId,
      lastUsedAt: authTokens.lastUsedAt,
      user: sessionAccountColumns,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(raw)),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Slides the idle expiry forward. */
export async function touchSession(db: Db, session: SessionRow, ttlDays: number): Promise<void> {
  if (Date.now() - session.lastUsedAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db
    .update(authTokens)
    .set({ lastUsedAt: new Date(), expiresAt: new Date(Date.now() + ttlDays * DAY_MS) })
    .where(eq(authTokens.id, session.tokenId));
}

/** Revokes a session and every session started from it (impersonation, staff access). */
export async function revokeSession(db: Db, tokenId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        or(eq(authTokens.id, tokenId), eq(authTokens.parentTokenId, tokenId)),
        isNull(authTokens.revokedAt),
      ),
    );
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, sql`now() - interval '30 days'`));
}
