import { asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domains, memberships, users, userTagLinks, userTags } from '../../db/schema/accounts.ts';
import { vialRecords } from '../../db/schema/vials.ts';
import {
  type AccountRow,
  accountColumns,
  findAccountById,
  selectAccounts,
} from '../accounts/account-view.repository.ts';
import { harvestCenterIdsOfStaffText } from '../accounts/center-links.repository.ts';

export type UserRow = AccountRow;

/** A user with what the API shows beside the row: tag ids, staff HC ids, domain name. */
export type UserWithRelations = {
  user: UserRow;
  tags: number[];
  staffHcIds: number[];
  domainName: string | null;
};

/**
 * One select that brings the relations along as correlated sub-queries, so a page of 20 users is
 * one round trip. The arrays are cast to text and split here: both drivers return text the same way.
 */
export const userWithRelationsColumns = {
  user: accountColumns,
  tags: sql<string>`array_to_string(array(select t.tag_id from ${userTagLinks} t where t.user_id = ${users.id} order by t.tag_id), ',')`,
  staffHcIds: harvestCenterIdsOfStaffText(users.id),
  domainName: domains.name,
};

export function idList(text: string | null): number[] {
  return text ? text.split(',').map(Number) : [];
}

export type UserWithRelationsRow = {
  user: UserRow;
  tags: string;
  staffHcIds: string;
  domainName: string | null;
};

export function toUserWithRelations(row: UserWithRelationsRow): UserWithRelations {
  return {
    user: row.user,
    tags: idList(row.tags),
    staffHcIds: idList(row.staffHcIds),
    domainName: row.domainName,
  };
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return findAccountById(db, id);
}

/** Read only where a password is checked, never with the account. */
export async function findPasswordHash(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.hash;
}

export async function findUserWithRelations(db: Db, id: number): Promise<UserWithRelations | undefined> {
  const [row] = await selectAccounts(db, userWithRelationsColumns)
    .leftJoin(domains, eq(domains.id, users.domainId))
    .where(eq(users.id, id))
    .limit(1);
  return row && toUserWithRelations(row as UserWithRelationsRow);
}

/** By numeric id, or by username / e-mail (case-insensitive). */
export async function findUserIdByIdentifier(db: Db, identifier: string): Promise<number | undefined> {
  const asId = /^[1-9][0-9]{0,9}$/.test(identifier) ? Number(identifier) : undefined;
  const lowered = identifier.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      asId !== undefined && asId <= 2_147_483_647
        ? eq(users.id, asId)
        : or(eq(sql`lower(${users.username})`, lowered), eq(sql`lower(${users.email})`, lowered)),
    )
    .limit(1);
  return row?.id;
}

export async function replaceUserTags(db: Db, userId: number, tagIds: number[]): Promise<void> {
  await db.delete(userTagLinks).where(eq(userTagLinks.userId, userId));
  const unique = [...new Set(tagIds)];
  if (unique.length) await db.insert(userTagLinks).values(unique.map((tagId) => ({ userId, tagId })));
}

export async function findUnknownTagIds(db: Db, tagIds: number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const known = await db.select({ id: userTags.id }).from(userTags).where(inArray(userTags.id, tagIds));
  const knownIds = new Set(known.map((t) => t.id));
  return tagIds.filter((id) => !knownIds.has(id));
}

export async function listUserTags(db: Db) {
  return db.select({ id: userTags.id, name: userTags.name }).from(userTags).orderBy(asc(userTags.id));
}

type MembershipRow = { id: number; name: string };
const membershipsByDb = new WeakMap<Db, Promise<MembershipRow[]>>();

/**
 * The account types. Their rows are written by the migrations only, so each process reads them once
 * (a failed read is not kept): every signed-in page's first screen asks for them.
 */
export function listMemberships(db: Db): Promise<MembershipRow[]> {
  let rows = membershipsByDb.get(db);
  if (!rows) {
    // A query builder runs again on every await: a settled promise is what is kept.
    rows = Promise.resolve(
      db
        .select({ id: memberships.id, name: memberships.name })
        .from(memberships)
        .orderBy(asc(memberships.id)),
    );
    rows.catch(() => membershipsByDb.delete(db));
    membershipsByDb.set(db, rows);
  }
  return rows;
}

export async function listDomains(db: Db) {
  return db
    .select({ id: domains.id, name: domains.name })
    .from(domains)
    .orderBy(asc(domains.name), asc(domains.id));
}

/** A user's own columns (profile, admin edit, agreement), in the caller's transaction. */
export async function updateUserColumns(
  db: Db,
  id: number,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

export async function updateUserActive(db: Db, id: number, active: boolean): Promise<void> {
  await db.update(users).set({ isActive: active }).where(eq(users.id, id));
}

/** Locks the user's row for the caller's transaction; false when there is no such user. */
export async function lockUser(db: Db, id: number): Promise<boolean> {
  const [locked] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return locked !== undefined;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** The vial records of a patient (they keep its account from being deleted, docs/decisions/003). */
export async function countVialRecordsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vialRecords).where(eq(vialRecords.userId, userId));
  return row.n;
}
