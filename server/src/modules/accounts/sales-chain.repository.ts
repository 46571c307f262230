import { MEMBERSHIP } from '@portal/shared/memberships';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { centerAccounts, patientAccounts, salesAccounts } from '../../db/schema/account-links.ts';
import { findAccountById } from './account-view.repository.ts';

/**
 * Reads of the sales chain as the links are now: a center's or patient's rep, a rep's manager, a
 * manager's distributor (written by setSalesLink in account-writes.repository.ts).
 */

export type SalesTeam = {
  salesRepId: number | null;
  salesManagerId: number | null;
  salesDistributorId: number | null;
};

/** The sales rep of a center or patient, with the rep's manager and the manager's distributor, as of now. */
export async function salesTeamOf(db: Db, accountId: number): Promise<SalesTeam> {
  const [center] = await db
    .select({ salesRepId: centerAccounts.salesRepId })
    .from(centerAccounts)
    .where(eq(centerAccounts.userId, accountId));
  const [patient] = center
    ? [undefined]
    : await db
        .select({ salesRepId: patientAccounts.salesRepId })
        .from(patientAccounts)
        .where(eq(patientAccounts.userId, accountId));
  return salesTeamOfRep(db, center?.salesRepId ?? patient?.salesRepId ?? null);
}

/** A rep with its manager and that manager's distributor, by the links as they are now. */
export async function salesTeamOfRep(db: Db, salesRepId: number | null): Promise<SalesTeam> {
  if (salesRepId === null) return { salesRepId: null, salesManagerId: null, salesDistributorId: null };
  const manager = alias(salesAccounts, 'manager');
  const [team] = await db
    .select({ salesManagerId: salesAccounts.salesManagerId, salesDistributorId: manager.salesDistributorId })
    .from(salesAccounts)
    .leftJoin(manager, eq(manager.userId, salesAccounts.salesManagerId))
    .where(eq(salesAccounts.userId, salesRepId));
  return {
    salesRepId,
    salesManagerId: team?.salesManagerId ?? null,
    salesDistributorId: team?.salesDistributorId ?? null,
  };
}

/** The manager and distributor that follow a rep (undefined when the id is not a sales rep). */
export async function findRepChain(
  db: Db,
  repId: number,
): Promise<{ salesManagerId: number | null; salesDistributorId: number | null } | undefined> {
  const rep = await findAccountById(db, repId);
  if (rep?.membershipId !== MEMBERSHIP.salesRep) return undefined;
  return { salesManagerId: rep.salesManagerId, salesDistributorId: rep.salesDistributorId };
}
