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
} from '../accounts/account-view.repository.ts';
import { salesScope } from '../accounts/lookups.repository.ts';
import { SALES_KINDS, type SalesKind, type ScopeActor } from '../accounts/roles.ts';
import { isTeamRep } from '../accounts/scopes.repository.ts';

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

/** One team whose members a list narrows to: a manager's or a distributor's. */
export type SalesTeamOf = { head: 'manager' | 'distributor'; id: number };

/**
 * The members of a team of one kind, by the links as they are now: a manager's reps, a
 * distributor's managers, a distributor's reps (those of its managers).
 */
function inTeamOf(kind: SalesKind, team: SalesTeamOf): SQL {
  if (kind === 'rep') return isTeamRep(users.id, { kind: team.head, id: team.id });
  return eq(accountLinkColumns.salesDistributorId, team.id);
}

/** Active accounts of one sales kind the caller sees, matching the search, within `team` if given. */
export function salesWhere(
  actor: ScopeActor,
  kind: SalesKind,
  filters: { search?: string },
  team?: SalesTeamOf,
): SQL {
  return and(
    eq(users.membershipId, SALES_KINDS[kind].membership),
    eq(users.isActive, true),
    salesScope(actor, kind),
    team ? inTeamOf(kind, team) : undefined,
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
