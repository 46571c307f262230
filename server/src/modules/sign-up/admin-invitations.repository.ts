import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { adminInvitations } from '../../db/schema/sign-up.ts';

/** Neither used, revoked nor expired. */
const isLive: SQL = and(
  isNull(adminInvitations.usedAt),
  isNull(adminInvitations.revokedAt),
  gt(adminInvitations.expiresAt, sql`now()`),
) as SQL;

export async function findLiveInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: adminInvitations.id })
    .from(adminInvitations)
    .where(and(eq(adminInvitations.tokenHash, tokenHash), isLive))
    .limit(1);
  return row;
}

/** Marks a live invitation used; null when none is live with that hash (only one caller wins). */
export async function useLiveInvitation(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(adminInvitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(adminInvitations.tokenHash, tokenHash), isLive))
    .returning({ id: adminInvitations.id });
  return row?.id ?? null;
}

export async function setInvitationUsedBy(db: Db, id: number, userId: number): Promise<void> {
  await db.update(adminInvitations).set({ usedBy: userId }).where(eq(adminInvitations.id, id));
}

export async function insertInvitation(
  db: Db,
  values: { tokenHash: string; note: string; createdBy: number; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(adminInvitations).values(values).returning({ id: adminInvitations.id });
  return row.id;
}

/** Revokes a live invitation; false when it is not live (used, revoked, expired or missing). */
export async function revokeLiveInvitation(db: Db, id: number): Promise<boolean> {
  const [revoked] = await db
    .update(adminInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(adminInvitations.id, id), isLive))
    .returning({ id: adminInvitations.id });
  return revoked !== undefined;
}

export async function invitationExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: adminInvitations.id })
    .from(adminInvitations)
    .where(eq(adminInvitations.id, id));
  return row !== undefined;
}

export async function countInvitations(db: Db): Promise<number> {
  const [total] = await db.select({ n: count() }).from(adminInvitations);
  return total?.n ?? 0;
}

const creator = alias(users, 'creator');
const usedBy = alias(users, 'used_by_user');

/** Invitations with the names of who made and who used them, newest first; one id or a page of all. */
export function findInvitations(db: Db, filter: { id: number } | { limit: number; offset: number }) {
  const query = db
    .select({
      id: adminInvitations.id,
      note: adminInvitations.note,
      createdAt: adminInvitations.createdAt,
      expiresAt: adminInvitations.expiresAt,
      usedAt: adminInvitations.usedAt,
      revokedAt: adminInvitations.revokedAt,
      creatorName: personNameSql(creator),
      creatorEmail: creator.email,
      usedByName: personNameSql(usedBy),
      usedByEmail: usedBy.email,
    })
    .from(adminInvitations)
    .leftJoin(creator, eq(creator.id, adminInvitations.createdBy))
    .leftJoin(usedBy, eq(usedBy.id, adminInvitations.usedBy))
    .$dynamic();
  if ('id' in filter) return query.where(eq(adminInvitations.id, filter.id)).limit(1);
  return query
    .orderBy(desc(adminInvitations.createdAt), desc(adminInvitations.id))
    .limit(filter.limit)
    .offset(filter.offset);
}
