import { type AnyColumn, and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { forbidden, notFound } from '../http/errors.ts';
import type { Db } from './client.ts';
import { users } from './schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The columns ownership filters read, from `users` or from an alias of it (policies take either,
 * so one filter serves a list's WHERE and a count sub-query alike).
 */
export type UserColumnRefs = Record<
  | 'id'
  | 'salesRepId'
  | 'salesManagerId'
  | 'salesDistributorId'
  | 'processingLabId'
  | 'harvestCenterId'
  | 'referralHarvestCenterId',
  AnyColumn
>;

/**
 * Loads one account of the given memberships and tells, in the same query, whether the caller's
 * ownership filter (`scope`, written against `users`) lets them see it. Keeps object checks and
 * list filters on one definition, so a detail page never shows what its list would hide.
 */
export async function findAccountWithVisibility(
  db: Db,
  id: number,
  membershipIds: readonly number[],
  scope: SQL,
  options: { forUpdate?: boolean } = {},
): Promise<{ account: UserRow; visible: boolean } | undefined> {
  const query = db
    .select({ account: users, visible: sql<boolean>`(${scope})` })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.membershipId, [...membershipIds])))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  return row && { account: row.account, visible: row.visible === true };
}

/** 404 when the account does not exist (as that kind), 403 when it exists but is not the caller's to see. */
export async function requireVisibleAccount(
  db: Db,
  id: number,
  membershipIds: readonly number[],
  scope: SQL,
  what: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow> {
  const found = await findAccountWithVisibility(db, id, membershipIds, scope, options);
  if (!found) throw notFound(`${what} not found.`);
  if (!found.visible) throw forbidden(`You do not have access to this ${what.toLowerCase()}.`);
  return found.account;
}

/** One account of the given memberships, or undefined. */
export async function findAccount(
  db: Db,
  id: number,
  membershipIds: readonly number[],
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.membershipId, [...membershipIds])))
    .limit(1);
  return row;
}

/** E-mails are unique without regard to case (users_email_lower_key). */
export async function isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
