import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  SALES_MANAGER_REMOVED_MESSAGE,
  SALES_REP_REMOVED_MESSAGE,
  type TSalesListQuery,
  type TSalesPerson,
  type TSalesPersonPage,
} from '@portal/shared/sales-teams';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { findAccount } from '../accounts/account-view.repository.ts';
import { setSalesLink } from '../accounts/account-writes.repository.ts';
import { requireVisibleSalesPerson } from '../accounts/lookups.ts';
import type { SalesKind } from '../accounts/roles.ts';
import { canRemoveManagerFromTeam, canRemoveRepFromTeam } from './sales-teams.policy.ts';
import {
  findSalesPage,
  findSalesPersonRow,
  type SalesPersonRow,
  type SalesTeamOf,
  salesWhere,
} from './sales-teams.repository.ts';

function person(id: number | null, first: string | null, last: string | null, email: string | null) {
  return id === null || email === null ? null : { id, first_name: first ?? '', last_name: last ?? '', email };
}

export function toSalesPerson(row: SalesPersonRow): TSalesPerson {
  const p = row.person;
  return {
    id: p.id,
    value: p.id,
    label: `${p.firstName} ${p.lastName}`.trim() || p.email,
    email: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    company: p.company,
    phone_number: p.phoneNumber,
    subscription: p.membershipId,
    is_active: p.isActive,
    date_joined: p.dateJoined.toISOString(),
    sales_manager_id: p.salesManagerId,
    sales_manager_desc: person(p.salesManagerId, row.managerFirstName, row.managerLastName, row.managerEmail),
    sales_distributor_id: p.salesDistributorId,
    sales_distributor_desc: person(
      p.salesDistributorId,
      row.distributorFirstName,
      row.distributorLastName,
      row.distributorEmail,
    ),
  };
}

/** A page of reps, managers or distributors the caller may see; `team` narrows it to a team. */
export async function listSalesPeople(
  db: Db,
  actor: Actor,
  kind: SalesKind,
  query: TSalesListQuery,
  team?: SalesTeamOf,
): Promise<TSalesPersonPage> {
  const { count, rows } = await findSalesPage(db, salesWhere(actor, kind, query, team), query);
  return { count, results: rows.map(toSalesPerson) };
}

export async function getSalesPerson(
  db: Db,
  actor: Actor,
  kind: SalesKind,
  id: number,
): Promise<TSalesPerson> {
  await requireVisibleSalesPerson(db, actor, kind, id);
  const row = await findSalesPersonRow(db, id);
  if (!row) throw new Error(`sales account ${id} vanished`);
  return toSalesPerson(row);
}

/** The reps of one manager ("Sales Rep Team"). */
export async function listManagerReps(db: Db, actor: Actor, managerId: number, query: TSalesListQuery) {
  await requireVisibleSalesPerson(db, actor, 'manager', managerId);
  return listSalesPeople(db, actor, 'rep', query, { head: 'manager', id: managerId });
}

/** The managers of one distributor ("Sales Manager Team"). */
export async function listDistributorManagers(
  db: Db,
  actor: Actor,
  distributorId: number,
  query: TSalesListQuery,
) {
  await requireVisibleSalesPerson(db, actor, 'distributor', distributorId);
  return listSalesPeople(db, actor, 'manager', query, { head: 'distributor', id: distributorId });
}

/** The reps of one distributor's team. */
export async function listDistributorReps(
  db: Db,
  actor: Actor,
  distributorId: number,
  query: TSalesListQuery,
) {
  await requireVisibleSalesPerson(db, actor, 'distributor', distributorId);
  return listSalesPeople(db, actor, 'rep', query, { head: 'distributor', id: distributorId });
}

/** A manager removes a rep from its team (admins any rep). */
export async function removeRepFromTeam(db: Db, actor: Actor, repId: number, context: RequestContext) {
  await db.transaction(async (tx) => {
    const rep = await findAccount(tx, repId, [MEMBERSHIP.salesRep]);
    if (!rep) throw notFound('Sales rep not found.');
    if (!canRemoveRepFromTeam(actor, rep)) throw forbidden('This sales rep is not in your team.');
    if (rep.salesManagerId === null) throw badRequest('This sales rep is not in a team.');
    // Its centers and patients follow: their manager and distributor are read through the rep.
    await setSalesLink(tx, rep, 'sales_manager_id', null);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'sales_team.rep_removed',
      targetUserId: rep.id,
      detail: { sales_manager_id: rep.salesManagerId },
    });
  });
  return { message: SALES_REP_REMOVED_MESSAGE, id: repId };
}

/** A distributor removes a manager from its team (admins any manager). */
export async function removeManagerFromTeam(
  db: Db,
  actor: Actor,
  managerId: number,
  context: RequestContext,
) {
  await db.transaction(async (tx) => {
    const manager = await findAccount(tx, managerId, [MEMBERSHIP.salesManager]);
    if (!manager) throw notFound('Sales manager not found.');
    if (!canRemoveManagerFromTeam(actor, manager)) throw forbidden('This sales manager is not in your team.');
    if (manager.salesDistributorId === null) throw badRequest('This sales manager is not in a team.');
    await setSalesLink(tx, manager, 'sales_distributor_id', null);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'sales_team.manager_removed',
      targetUserId: manager.id,
      detail: { sales_distributor_id: manager.salesDistributorId },
    });
  });
  return { message: SALES_MANAGER_REMOVED_MESSAGE, id: managerId };
}
