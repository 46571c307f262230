import { createHash, randomBytes } from 'node:crypto';
import type { TSessionEstablished, TSignInStage } from '@portal/shared/second-factors';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { RowOf } from '../db/column-value.ts';
import { users } from '../db/schema/accounts.ts';
import { authTokens } from '../db/schema/auth.ts';
import { revokeSessionsWhere } from './session-revocation.ts';

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
    /** How the sign-in was proved (docs/decisions/031); a linked session carries its parent's. */
    established?: TSessionEstablished;
    /** A pending stage (second factor or enrolment owed) lasts `ttlMinutes`, not days. */
    stage?: TSignInStage;
    ttlMinutes?: number;
  },
): Promise<{ token: string; tokenId: number; expiresAt: Date }> {
  const token = newOpaqueToken();
  const ttlMs = input.ttlMinutes === undefined ? input.ttlDays * DAY_MS : input.ttlMinutes * 60_000;
  const [row] = await db
    .insert(authTokens)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      kind: input.kind ?? 'login',
      parentTokenId: input.parentTokenId ?? null,
      actorUserId: input.actorUserId ?? null,
      expiresAt: new Date(Date.now() + ttlMs),
      ip: input.ip ?? '',
      userAgent: (input.userAgent ?? '').slice(0, 300),
      established: input.established ?? 'password',
      stage: input.stage ?? 'complete',
    })
    .returning({ id: authTokens.id, expiresAt: authTokens.expiresAt });
  return { token, tokenId: row.id, expiresAt: row.expiresAt };
}

export type SessionRow = {
  tokenId: number;
  kind: SessionKind;
  parentTokenId: number | null;
  actorUserId: number | null;
  lastUsedAt: Date;
  createdAt: Date;
  expiresAt: Date;
  /** Not 'complete' while a second factor or its enrolment is owed: only those steps accept it. */
  stage: TSignInStage;
  established: TSessionEstablished;
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
  domainId: users.domainId,
  agreementAcceptedAt: users.agreementAcceptedAt,
};
export type SessionAccount = RowOf<typeof sessionAccountColumns>;

/** The live session behind a raw token, or null when unknown, revoked or expired. */
export async function findLiveSession(db: Db, raw: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      kind: authTokens.kind,
      parentTokenId: authTokens.parentTokenId,
      actorUserId: authTokens.actorUserId,
      lastUsedAt: authTokens.lastUsedAt,
      createdAt: authTokens.createdAt,
      expiresAt: authTokens.expiresAt,
      stage: authTokens.stage,
      established: sql<TSessionEstablished>`${authTokens.established}`,
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

/** Slides the idle expiry forward, never past the absolute lifetime counted from the login. */
export async function touchSession(
  db: Db,
  session: SessionRow,
  lifetime: { ttlDays: number; maxAgeDays: number },
): Promise<void> {
  // A pending sign-in keeps its short expiry: using it does not extend it to days.
  if (session.stage !== 'complete') return;
  if (Date.now() - session.lastUsedAt.getTime() < TOUCH_INTERVAL_MS) return;
  // Noted before writing: the session may be a cached copy shared by concurrent requests.
  session.lastUsedAt = new Date();
  const idleExpiry = new Date(Date.now() + lifetime.ttlDays * DAY_MS);
  await db
    .update(authTokens)
    .set({
      lastUsedAt: session.lastUsedAt,
      expiresAt: sql`least(${idleExpiry}, ${authTokens.createdAt} + make_interval(secs => ${(lifetime.maxAgeDays * DAY_MS) / 1000}))`,
    })
    .where(eq(authTokens.id, session.tokenId));
}

/** Revokes a session and every session started from it (impersonation, staff access). */
export async function revokeSession(db: Db, tokenId: number): Promise<void> {
  await revokeSessionsWhere(db, or(eq(authTokens.id, tokenId), eq(authTokens.parentTokenId, tokenId)));
}
