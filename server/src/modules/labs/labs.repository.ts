import { LAB_MEMBERSHIPS, MEMBERSHIP } from '@portal/shared/memberships';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { labAccounts } from '../../db/schema/account-links.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import { type AccountRow, accountColumns, selectAccounts } from '../accounts/account-view.ts';
import { countedCenter } from './counted-center.ts';

const qb = new QueryBuilder();
const centerUser = alias(users, 'counted_hc_user');

/**
 * Labs with the number of their active HCs that `hcScope` (written against the `countedCenter`
 * alias of center_accounts) lets the caller see. The lab is named in raw SQL: Drizzle leaves the
 * outer columns unqualified in a single-table select.
 */
function labSelection(hcScope: SQL) {
  const centers = qb
    .select({ n: sql<number>`count(*)::int` })
    .from(countedCenter)
    .innerJoin(centerUser, eq(centerUser.id, countedCenter.userId))
    .where(
      and(
        eq(countedCenter.membershipId, MEMBERSHIP.harvestCenter),
        eq(centerUser.isActive, true),
        eq(countedCenter.processingLabId, sql.raw('processing_labs.id')),
        hcScope,
      ),
    );
  return {
    id: processingLabs.id,
    name: processingLabs.name,
    harvestCentersCount: sql<number>`(${centers})`.mapWith(Number),
  };
}

export type LabRow = { id: number; name: string; harvestCentersCount: number };

export async function findLabPage(
  db: Db,
  where: SQL,
  hcScope: SQL,
  page: PageRequest & { search?: string },
): Promise<{ count: number; rows: LabRow[] }> {
  const filter = and(
    where,
    page.search ? sql`lower(${processingLabs.name}) LIKE ${containsPattern(page.search)}` : undefined,
  );
  return findPage(
    () =>
      db
        .select({ ...labSelection(hcScope), totalRows })
        .from(processingLabs)
        .where(filter)
        .orderBy(asc(processingLabs.name), asc(processingLabs.id)),
    page,
  );
}

export async function findLabRow(db: Db, id: number, hcScope: SQL): Promise<LabRow | undefined> {
  const [row] = await db.select(labSelection(hcScope)).from(processingLabs).where(eq(processingLabs.id, id));
  return row;
}

export async function findLabAccountPage(
  db: Db,
  scope: SQL,
  page: PageRequest & { search?: string },
): Promise<{ count: number; rows: { user: AccountRow; labName: string | null }[] }> {
  const where = and(
    inArray(users.membershipId, [...LAB_MEMBERSHIPS]),
    eq(users.isActive, true),
    scope,
    page.search ? sql`${users.searchText} LIKE ${containsPattern(page.search)}` : undefined,
  );
  return findPage(
    () =>
      selectAccounts(db, { user: accountColumns, labName: processingLabs.name, totalRows })
        .leftJoin(processingLabs, eq(processingLabs.id, labAccounts.processingLabId))
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    page,
  ) as Promise<{ count: number; rows: { user: AccountRow; labName: string | null }[] }>;
}
