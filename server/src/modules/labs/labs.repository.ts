import { LAB_MEMBERSHIPS, MEMBERSHIP } from '@portal/shared/memberships';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';

export type ProcessingLabRow = typeof processingLabs.$inferSelect;

/**
 * The outer column is written out in the sub-query: Drizzle leaves columns unqualified in a
 * single-table select, and an unqualified "id" would mean the sub-query's own table.
 *
 * Labs with the number of their active HCs that `hcScope` (written against the `h` alias) lets the
 * caller see.
 */
function selectLabs(db: Db, hcScope: SQL) {
  return db
    .select({
      id: processingLabs.id,
      name: processingLabs.name,
      harvestCentersCount: sql<number>`(SELECT count(*)::int FROM users h WHERE h.membership_id = ${MEMBERSHIP.harvestCenter} AND h.is_active AND h.processing_lab_id = processing_labs.id AND ${hcScope})`,
    })
    .from(processingLabs);
}

export async function findLabPage(
  db: Db,
  where: SQL,
  hcScope: SQL,
  page: { limit: number; offset: number; search?: string },
) {
  const filter = and(
    where,
    page.search ? sql`lower(${processingLabs.name}) LIKE ${containsPattern(page.search)}` : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(processingLabs).where(filter);
  const rows = await selectLabs(db, hcScope)
    .where(filter)
    .orderBy(asc(processingLabs.name), asc(processingLabs.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: Number(n),
    rows: rows.map((r) => ({ ...r, harvestCentersCount: Number(r.harvestCentersCount) })),
  };
}

/** One lab and whether `where` (the caller's lab scope) lets them see it. */
export async function findLabWithVisibility(db: Db, id: number, where: SQL, hcScope: SQL) {
  const [row] = await selectLabs(db, hcScope).where(eq(processingLabs.id, id)).limit(1);
  if (!row) return undefined;
  const [visible] = await db
    .select({ id: processingLabs.id })
    .from(processingLabs)
    .where(and(eq(processingLabs.id, id), where))
    .limit(1);
  return {
    lab: { ...row, harvestCentersCount: Number(row.harvestCentersCount) },
    visible: visible !== undefined,
  };
}

export async function findProcessingLab(db: Db, id: number): Promise<ProcessingLabRow | undefined> {
  const [row] = await db.select().from(processingLabs).where(eq(processingLabs.id, id)).limit(1);
  return row;
}

export async function findLabAccountPage(
  db: Db,
  scope: SQL,
  page: { limit: number; offset: number; search?: string },
) {
  const where = and(
    inArray(users.membershipId, [...LAB_MEMBERSHIPS]),
    eq(users.isActive, true),
    scope,
    page.search ? sql`${users.searchText} LIKE ${containsPattern(page.search)}` : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ user: users, labName: processingLabs.name })
    .from(users)
    .leftJoin(processingLabs, eq(processingLabs.id, users.processingLabId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), rows };
}
