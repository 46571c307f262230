import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hcStaffLinks } from '../../db/schema/account-links.ts';
import { domains, memberships, users, userTagLinks, userTags } from '../../db/schema/accounts.ts';
import {
  type AccountRow,
  accountColumns,
  findAccountById,
  selectAccounts,
} from '../accounts/account-view.ts';

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
  staffHcIds: sql<string>`array_to_string(array(select s.harvest_center_id from ${hcStaffLinks} s where s.staff_id = ${users.id} order by s.harvest_center_id), ',')`,
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

export async function listMemberships(db: Db) {
  return db
    .select({ id: memberships.id, name: memberships.name })
    .from(memberships)
    .orderBy(asc(memberships.id));
}

export async function listDomains(db: Db) {
  return db
    .select({ id: domains.id, name: domains.name })
    .from(domains)
    .orderBy(asc(domains.name), asc(domains.id));
}
