import { MEMBERSHIP } from '@portal/shared/memberships';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { centerAccounts, labAccounts } from '../../db/schema/account-links.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import { selectAccounts } from './account-view.repository.ts';
import type { ScopeActor } from './roles.ts';
import { harvestCenterScope, labAccountScope } from './scopes.repository.ts';

/** Reads of the links to a processing lab: the centers that send it tissue, the lab's own accounts. */

const qb = new QueryBuilder();
const countedCenter = alias(centerAccounts, 'counted_hc');
const countedCenterUser = alias(users, 'counted_hc_user');

/**
 * The number of active harvest centers sending tissue to the lab `labId` (a column of the outer
 * query) that the caller's harvest-center scope lets it see, as a scalar sub-query.
 */
export function visibleActiveHarvestCentersOfLab(actor: ScopeActor, labId: AnyColumn | SQL): SQL<number> {
  const centers = qb
    .select({ n: sql<number>`count(*)::int` })
    .from(countedCenter)
    .innerJoin(countedCenterUser, eq(countedCenterUser.id, countedCenter.userId))
    .where(
      and(
        eq(countedCenter.membershipId, MEMBERSHIP.harvestCenter),
        eq(countedCenterUser.isActive, true),
        eq(countedCenter.processingLabId, labId),
        harvestCenterScope(actor, countedCenter),
      ),
    );
  return sql<number>`(${centers})`.mapWith(Number);
}

/** Which lab accounts (1, 11) the caller sees: admins all, a lab account those of its lab. */
export function labAccountsVisibleTo(actor: ScopeActor): SQL {
  return labAccountScope(actor, labAccounts);
}

/** `SELECT <columns> FROM users` with the role tables and the lab of a lab account (processing_labs). */
export function selectAccountsWithTheirLab<T extends SelectedFields>(db: Db, columns: T) {
  return selectAccounts(db, columns).leftJoin(
    processingLabs,
    eq(processingLabs.id, labAccounts.processingLabId),
  );
}
