import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { users } from '../../db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;

const manager = alias(users, 'st_manager');
const distributor = alias(users, 'st_distributor');

export type SalesPersonRow = {
  person: UserRow;
  managerFirstName: string | null;
  managerLastName: string | null;
  managerEmail: string | null;
  distributorFirstName: string | null;
  distributorLastName: string | null;
  distributorEmail: string | null;
};

function selectSalesPeople(db: Db) {
  return db
    .select({
      person: users,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
      managerEmail: manager.email,
      distributorFirstName: distributor.firstName,
      distributorLastName: distributor.lastName,
      distributorEmail: distributor.email,
    })
    .from(users)
    .leftJoin(manager, eq(manager.id, users.salesManagerId))
    .leftJoin(distributor, eq(distributor.id, users.salesDistributorId));
}

/** Active accounts of one sales membership, inside the caller's scope, matching the search. */
export function salesWhere(
  membershipId: number,
  scope: SQL,
  filters: { search?: string },
  constraint?: SQL,
): SQL {
  return and(
    eq(users.membershipId, membershipId),
    eq(users.isActive, true),
    scope,
    constraint,
    filters.search ? sql`${users.searchText} LIKE ${containsPattern(filters.search)}` : undefined,
  ) as SQL;
}

export async function findSalesPage(
  db: Db,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: SalesPersonRow[] }> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await selectSalesPeople(db)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), rows };
}

export async function findSalesPersonRow(db: Db, id: number): Promise<SalesPersonRow | undefined> {
  const [row] = await selectSalesPeople(db).where(eq(users.id, id)).limit(1);
  return row;
}

/** The manager and distributor that follow a rep (undefined when the id is not a sales rep). */
export async function findRepLinks(
  db: Db,
  repId: number,
): Promise<{ salesManagerId: number | null; salesDistributorId: number | null } | undefined> {
  const [row] = await db
    .select({ salesManagerId: users.salesManagerId, salesDistributorId: users.salesDistributorId })
    .from(users)
    .where(and(eq(users.id, repId), eq(users.membershipId, MEMBERSHIP.salesRep)))
    .limit(1);
  return row;
}

/**
 * Takes a rep out of its manager's team: the rep loses its manager and distributor, and so do the
 * accounts that follow the rep (its HCs, RHCs and patients), where they still point at that team.
 */
export async function detachRepFromManager(
  db: Db,
  repId: number,
  managerId: number,
  distributorId: number | null,
) {
  await db
    .update(users)
    .set({ salesManagerId: null, salesDistributorId: null })
    .where(and(eq(users.id, repId), eq(users.membershipId, MEMBERSHIP.salesRep)));
  await db
    .update(users)
    .set({ salesManagerId: null })
    .where(and(eq(users.salesRepId, repId), eq(users.salesManagerId, managerId)));
  if (distributorId !== null) {
    await db
      .update(users)
      .set({ salesDistributorId: null })
      .where(and(eq(users.salesRepId, repId), eq(users.salesDistributorId, distributorId)));
  }
}

/**
 * Takes a manager out of its distributor's team: the manager, its reps and the accounts following
 * those reps lose that distributor.
 */
export async function detachManagerFromDistributor(db: Db, managerId: number, distributorId: number) {
  await db
    .update(users)
    .set({ salesDistributorId: null })
    .where(
      and(
        eq(users.salesDistributorId, distributorId),
        or(
          eq(users.id, managerId),
          sql`${users.salesManagerId} = ${managerId} AND ${users.membershipId} = ${MEMBERSHIP.salesRep}`,
          sql`${users.salesRepId} IN (SELECT r.id FROM users r WHERE r.membership_id = ${MEMBERSHIP.salesRep} AND r.sales_manager_id = ${managerId})`,
        ),
      ),
    );
}
