import { LAB_MEMBERSHIPS } from '@portal/shared/memberships';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import { type AccountRow, accountColumns } from '../accounts/account-view.repository.ts';
import {
  labAccountsVisibleTo,
  selectAccountsWithTheirLab,
  visibleActiveHarvestCentersOfLab,
} from '../accounts/lab-links.repository.ts';
import type { ScopeActor } from '../accounts/roles.ts';
import { processingLabScope } from '../accounts/scopes.repository.ts';

/**
 * Labs with the number of their active HCs the caller sees. The lab is named in raw SQL: Drizzle
 * leaves the outer columns unqualified in a single-table select.
 */
function labSelection(actor: ScopeActor) {
  return {
    id: processingLabs.id,
    name: processingLabs.name,
    harvestCentersCount: visibleActiveHarvestCentersOfLab(actor, sql.raw('processing_labs.id')),
  };
}

export type LabRow = { id: number; name: string; harvestCentersCount: number };

/** The labs the caller sees, by name, searched by name. */
export async function findLabPage(
  db: Db,
  actor: ScopeActor,
  page: PageRequest & { search?: string },
): Promise<{ count: number; rows: LabRow[] }> {
  const filter = and(
    processingLabScope(actor, processingLabs),
    page.search ? sql`lower(${processingLabs.name}) LIKE ${containsPattern(page.search)}` : undefined,
  );
  return findPage(
    () =>
      db
        .select({ ...labSelection(actor), totalRows })
        .from(processingLabs)
        .where(filter)
        .orderBy(asc(processingLabs.name), asc(processingLabs.id)),
    page,
  );
}

export async function findLabRow(db: Db, actor: ScopeActor, id: number): Promise<LabRow | undefined> {
  const [row] = await db.select(labSelection(actor)).from(processingLabs).where(eq(processingLabs.id, id));
  return row;
}

/** The active lab accounts the caller sees, with their lab's name, by name. */
export async function findLabAccountPage(
  db: Db,
  actor: ScopeActor,
  page: PageRequest & { search?: string },
): Promise<{ count: number; rows: { user: AccountRow; labName: string | null }[] }> {
  const where = and(
    inArray(users.membershipId, [...LAB_MEMBERSHIPS]),
    eq(users.isActive, true),
    labAccountsVisibleTo(actor),
    page.search ? sql`${users.searchText} LIKE ${containsPattern(page.search)}` : undefined,
  );
  return findPage(
    () =>
      selectAccountsWithTheirLab(db, { user: accountColumns, labName: processingLabs.name, totalRows })
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    page,
  ) as Promise<{ count: number; rows: { user: AccountRow; labName: string | null }[] }>;
}
