import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TCenterDesc } from '@portal/shared/patients';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { processingLabs, rhcHcLinks, users } from '../../db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;
export type CenterKind = 'hc' | 'rhc';
export const CENTER_MEMBERSHIP: Record<CenterKind, number> = {
  hc: MEMBERSHIP.harvestCenter,
  rhc: MEMBERSHIP.referralHarvestCenter,
};

const rep = alias(users, 'hcx_rep');

/**
 * Patients of an HC, or patients referred by an RHC (both columns are indexed). The outer `users.id`
 * is written out: Drizzle may leave columns unqualified, which inside the sub-query would mean p.id.
 */
function patientsCountSql(kind: CenterKind) {
  return kind === 'hc'
    ? sql<number>`(SELECT count(*)::int FROM users p WHERE p.membership_id = ${MEMBERSHIP.patient} AND p.is_active AND p.harvest_center_temporal_id = users.id)`
    : sql<number>`(SELECT count(*)::int FROM users p WHERE p.membership_id = ${MEMBERSHIP.patient} AND p.is_active AND p.referral_harvest_center_temporal_id = users.id)`;
}

export type CenterRow = {
  center: UserRow;
  repFirstName: string | null;
  repLastName: string | null;
  repEmail: string | null;
  labName: string | null;
  patientsCount: number;
};

function selectCenters(db: Db, kind: CenterKind) {
  return db
    .select({
      center: users,
      repFirstName: rep.firstName,
      repLastName: rep.lastName,
      repEmail: rep.email,
      labName: processingLabs.name,
      patientsCount: patientsCountSql(kind),
    })
    .from(users)
    .leftJoin(rep, eq(rep.id, users.salesRepId))
    .leftJoin(processingLabs, eq(processingLabs.id, users.processingLabId));
}

/** Active centers of one kind, inside the caller's scope, matching a search over name, e-mail, company, phone. */
export function centerWhere(
  kind: CenterKind,
  scope: SQL,
  filters: { search?: string },
  constraint?: SQL,
): SQL {
  return and(
    eq(users.membershipId, CENTER_MEMBERSHIP[kind]),
    eq(users.isActive, true),
    scope,
    constraint,
    filters.search ? sql`${users.searchText} LIKE ${containsPattern(filters.search)}` : undefined,
  ) as SQL;
}

export async function findCenterPage(
  db: Db,
  kind: CenterKind,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: CenterRow[] }> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await selectCenters(db, kind)
    .where(where)
    .orderBy(asc(users.company), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), rows: rows.map((r) => ({ ...r, patientsCount: Number(r.patientsCount) })) };
}

export async function findCenterRow(db: Db, kind: CenterKind, id: number): Promise<CenterRow | undefined> {
  const [row] = await selectCenters(db, kind)
    .where(and(eq(users.id, id), eq(users.membershipId, CENTER_MEMBERSHIP[kind])))
    .limit(1);
  return row && { ...row, patientsCount: Number(row.patientsCount) };
}

export async function findCenterOptions(db: Db, where: SQL, limit: number) {
  return db
    .select({
      id: users.id,
      company: users.company,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      salesRepId: users.salesRepId,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.company), asc(users.id))
    .limit(limit);
}

/** The HCs each RHC is associated with (one query for a page of RHCs). */
export async function findAssociatedHarvestCenters(
  db: Db,
  rhcIds: number[],
): Promise<Map<number, TCenterDesc[]>> {
  const byRhc = new Map<number, TCenterDesc[]>(rhcIds.map((id) => [id, []]));
  if (rhcIds.length === 0) return byRhc;
  const rows = await db
    .select({
      rhcId: rhcHcLinks.rhcId,
      id: users.id,
      company: users.company,
      email: users.email,
      templateId: users.templateId,
    })
    .from(rhcHcLinks)
    .innerJoin(users, eq(users.id, rhcHcLinks.harvestCenterId))
    .where(inArray(rhcHcLinks.rhcId, rhcIds))
    .orderBy(asc(users.company), asc(users.id));
  for (const r of rows) {
    byRhc.get(r.rhcId)?.push({ id: r.id, company: r.company, email: r.email, template_id: r.templateId });
  }
  return byRhc;
}

export async function isRhcAssociatedWithHc(
  db: Db,
  rhcId: number,
  harvestCenterId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ rhcId: rhcHcLinks.rhcId })
    .from(rhcHcLinks)
    .where(and(eq(rhcHcLinks.rhcId, rhcId), eq(rhcHcLinks.harvestCenterId, harvestCenterId)))
    .limit(1);
  return row !== undefined;
}

export async function insertHarvestCenter(
  db: Db,
  values: Omit<typeof users.$inferInsert, 'membershipId'>,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, membershipId: MEMBERSHIP.harvestCenter })
    .returning();
  return row;
}
