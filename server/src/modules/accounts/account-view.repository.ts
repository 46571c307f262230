import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { alias, type PgSelect, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { RowOf } from '../../db/column-value.ts';
import {
  centerAccounts,
  labAccounts,
  patientAccounts,
  salesAccounts,
} from '../../db/schema/account-links.ts';
import { users, userTagLinks } from '../../db/schema/accounts.ts';

/**
 * An account as the rest of the server reads it: the `users` row with its role data and links
 * flattened in under the names the API has always used. One definition of the sales chain lives
 * here: a patient's or center's rep is its own link; the manager is the rep's (or a rep's own);
 * the distributor is that manager's (or a manager's own).
 */
const repLink = alias(salesAccounts, 'acct_rep_link');
const managerLink = alias(salesAccounts, 'acct_manager_link');

const ownRepId = sql<number | null>`coalesce(${patientAccounts.salesRepId}, ${centerAccounts.salesRepId})`;
const managerId = sql<number | null>`coalesce(${repLink.salesManagerId}, ${salesAccounts.salesManagerId})`;

export const accountLinkColumns = {
  salesRepId: ownRepId.mapWith(nullableInt),
  salesManagerId: managerId.mapWith(nullableInt),
  salesDistributorId: sql<
    number | null
  >`coalesce(${managerLink.salesDistributorId}, ${salesAccounts.salesDistributorId})`.mapWith(nullableInt),
  harvestCenterId: patientAccounts.harvestCenterId,
  referralHarvestCenterId: patientAccounts.referralHarvestCenterId,
  processingLabId: sql<
    number | null
  >`coalesce(${patientAccounts.processingLabId}, ${centerAccounts.processingLabId}, ${labAccounts.processingLabId})`.mapWith(
    nullableInt,
  ),
};

/** A patient's lab record; zeros and nulls for other accounts, as the API always showed them. */
const patientRecordColumns = {
  labSampleId: sql<string>`coalesce(${patientAccounts.labSampleId}, '')`,
  numberTimesQcDone: sql<number>`coalesce(${patientAccounts.numberTimesQcDone}, 0)`.mapWith(Number),
  dateAdiposeShippedToLab: patientAccounts.dateAdiposeShippedToLab,
  dateAdiposeReceivedByLab: patientAccounts.dateAdiposeReceivedByLab,
  estimatedDateVialsReadyToShip: patientAccounts.estimatedDateVialsReadyToShip,
  estimatedDateSetManually:
    sql<boolean>`coalesce(${patientAccounts.estimatedDateSetManually}, false)`.mapWith(Boolean),
  dateVialsReadyToShip: patientAccounts.dateVialsReadyToShip,
  stemcellPlatingInitiatedDate: patientAccounts.stemcellPlatingInitiatedDate,
  stemcellPlatingSuccessful: patientAccounts.stemcellPlatingSuccessful,
  hlaTypingTest: patientAccounts.hlaTypingTest,
  vialsPreparation: sql<number>`coalesce(${patientAccounts.vialsPreparation}, 0)`.mapWith(Number),
  vialsReadyShip: sql<number>`coalesce(${patientAccounts.vialsReadyShip}, 0)`.mapWith(Number),
  vialsAvailable: sql<number>`coalesce(${patientAccounts.vialsAvailable}, 0)`.mapWith(Number),
  vialsShipped: sql<number>`coalesce(${patientAccounts.vialsShipped}, 0)`.mapWith(Number),
};

function nullableInt(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

const { passwordHash: _passwordHash, searchText: _searchText, ...identityColumns } = getTableColumns(users);

/** Every column of an account but its password hash and search haystack. */
export const accountColumns = { ...identityColumns, ...accountLinkColumns, ...patientRecordColumns };

export type UserRow = typeof users.$inferSelect;
export type AccountRow = RowOf<typeof accountColumns>;

/**
 * A patient as the patient screens read it: the identity they show, its record, its rep and the
 * chain through the rep. Three joins instead of the six of a general account, for the hot lists.
 */
export const patientAccountColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  membershipId: users.membershipId,
  isActive: users.isActive,
  lastLogin: users.lastLogin,
  dateJoined: users.dateJoined,
  ...(() => {
    const { userId: _userId, membershipId: _membershipId, ...record } = getTableColumns(patientAccounts);
    return record;
  })(),
  salesManagerId: repLink.salesManagerId,
  salesDistributorId: managerLink.salesDistributorId,
};
export type PatientAccountRow = RowOf<typeof patientAccountColumns>;

/** A harvest center or referral center as the center screens read it: identity, rep, lab, chain. */
export const centerAccountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  phoneNumber: users.phoneNumber,
  city: users.city,
  stateDesc: users.stateDesc,
  templateId: users.templateId,
  membershipId: users.membershipId,
  isActive: users.isActive,
  dateJoined: users.dateJoined,
  salesRepId: centerAccounts.salesRepId,
  processingLabId: centerAccounts.processingLabId,
  salesManagerId: repLink.salesManagerId,
  salesDistributorId: managerLink.salesDistributorId,
};
export type CenterAccountRow = RowOf<typeof centerAccountColumns>;

/** Adds one role table (a center's or a patient's row) and its rep's chain to a select over `users`. */
function joinRoleWithRepChain<T>(select: T, role: typeof centerAccounts | typeof patientAccounts): T {
  const query = select as unknown as PgSelect;
  return query
    .innerJoin(role, eq(role.userId, users.id))
    .leftJoin(repLink, eq(repLink.userId, role.salesRepId))
    .leftJoin(managerLink, eq(managerLink.userId, repLink.salesManagerId)) as unknown as T;
}

/** For centerAccountColumns. */
export function joinCenterAccount<T>(select: T): T {
  return joinRoleWithRepChain(select, centerAccounts);
}

/** For patientAccountColumns. */
export function joinPatientAccount<T>(select: T): T {
  return joinRoleWithRepChain(select, patientAccounts);
}

/**
 * The role rows' columns, for the WHERE, ORDER BY and joins of other modules' selects over `users`
 * that joined the rows here (joinPatientRow, joinCenterRow, or the account joins below). Columns
 * leave this module, the tables do not: every write to them is in account-writes.repository.ts.
 */
export const patientRow = getTableColumns(patientAccounts);
export const centerRow = getTableColumns(centerAccounts);

/** 'left' keeps the users that have no such row (other memberships). */
type RowJoin = 'inner' | 'left';

/** Adds a patient's row (patientRow) to a select over `users`. */
export function joinPatientRow<T>(select: T, join: RowJoin = 'inner'): T {
  const query = select as unknown as PgSelect;
  const on = eq(patientAccounts.userId, users.id);
  return (join === 'inner' ? query.innerJoin(patientAccounts, on) : query.leftJoin(patientAccounts, on)) as T;
}

/** Adds a harvest or referral center's row (centerRow) to a select over `users`. */
export function joinCenterRow<T>(select: T, join: RowJoin = 'inner'): T {
  const query = select as unknown as PgSelect;
  const on = eq(centerAccounts.userId, users.id);
  return (join === 'inner' ? query.innerJoin(centerAccounts, on) : query.leftJoin(centerAccounts, on)) as T;
}

/** Adds the role tables and the sales chain to a select over `users`. */
function joinAccountLinks<T>(select: T): T {
  const query = select as unknown as PgSelect;
  return query
    .leftJoin(patientAccounts, eq(patientAccounts.userId, users.id))
    .leftJoin(centerAccounts, eq(centerAccounts.userId, users.id))
    .leftJoin(salesAccounts, eq(salesAccounts.userId, users.id))
    .leftJoin(labAccounts, eq(labAccounts.userId, users.id))
    .leftJoin(repLink, eq(repLink.userId, ownRepId))
    .leftJoin(managerLink, eq(managerLink.userId, managerId)) as unknown as T;
}

/** `SELECT <columns> FROM users` joined with the role tables, ready for WHERE / ORDER BY / LIMIT. */
export function selectAccounts<T extends SelectedFields>(db: Db, columns: T) {
  return joinAccountLinks(db.select(columns).from(users).$dynamic());
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await selectAccounts(db, accountColumns).where(eq(users.id, id)).limit(1);
  return row as AccountRow | undefined;
}

/** One account of the given memberships, or undefined. */
export async function findAccount(
  db: Db,
  id: number,
  membershipIds: readonly number[],
): Promise<AccountRow | undefined> {
  const [row] = await selectAccounts(db, accountColumns)
    .where(and(eq(users.id, id), inArray(users.membershipId, [...membershipIds])))
    .limit(1);
  return row as AccountRow | undefined;
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

/** The account an e-mail belongs to (without regard to case), to tell its owner something; or undefined. */
export async function findEmailOwner(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function hasTag(db: Db, userId: number, tagId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTagLinks.userId })
    .from(userTagLinks)
    .where(and(eq(userTagLinks.userId, userId), eq(userTagLinks.tagId, tagId)));
  return row !== undefined;
}

/** The ids of an account's tags, ascending. */
export async function findTagIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userTagLinks.tagId })
    .from(userTagLinks)
    .where(eq(userTagLinks.userId, userId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The account's e-mail and display name (receipts, gateway customer profiles). */
export async function accountContact(db: Db, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
