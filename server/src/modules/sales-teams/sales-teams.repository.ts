import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  type AccountRow,
  accountColumns,
  accountLinkColumns,
  selectAccounts,
} from '../accounts/account-view.ts';

const manager = alias(users, 'st_manager');
const distributor = alias(users, 'st_distributor');

export type SalesPersonRow = {
  person: AccountRow;
  managerFirstName: string | null;
  managerLastName: string | null;
  managerEmail: string | null;
  distributorFirstName: string | null;
  distributorLastName: string | null;
  distributorEmail: string | null;
};

const salesPersonSelection = {
  person: accountColumns,
  managerFirstName: manager.firstName,
  managerLastName: manager.lastName,
  managerEmail: manager.email,
  distributorFirstName: distributor.firstName,
  distributorLastName: distributor.lastName,
  distributorEmail: distributor.email,
  totalRows,
};

function selectSalesPeople(db: Db) {
  return selectAccounts(db, salesPersonSelection)
    .leftJoin(manager, eq(manager.id, accountLinkColumns.salesManagerId))
    .leftJoin(distributor, eq(distributor.id, accountLinkColumns.salesDistributorId));
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

export async function findSalesPage(db: Db, where: SQL, page: PageRequest) {
  return findPage(
    () =>
      selectSalesPeople(db).where(where).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    page,
  ) as Promise<{ count: number; rows: SalesPersonRow[] }>;
}

export async function findSalesPersonRow(db: Db, id: number): Promise<SalesPersonRow | undefined> {
  const [row] = await selectSalesPeople(db).where(eq(users.id, id)).limit(1);
  return row as SalesPersonRow | undefined;
}
