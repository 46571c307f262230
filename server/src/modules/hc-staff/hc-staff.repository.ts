import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type Page, type PageRequest, totalRows } from '../../db/paging.ts';
import { centerAccounts, hcStaffLinks } from '../../db/schema/account-links.ts';
import { users } from '../../db/schema/accounts.ts';
import type { ScopeActor } from '../accounts/roles.ts';
import { type CenterColumns, inAdminReach } from '../accounts/scopes.ts';

export type UserRow = typeof users.$inferSelect;

/** The active harvest centers a staff member works for, by company. */
export function findHarvestCentersOfStaff(db: Db, staffId: number): Promise<UserRow[]> {
  return db
    .select({ center: users })
    .from(hcStaffLinks)
    .innerJoin(users, eq(users.id, hcStaffLinks.harvestCenterId))
    .where(
      and(
        eq(hcStaffLinks.staffId, staffId),
        eq(users.membershipId, MEMBERSHIP.harvestCenter),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(users.company), asc(users.id))
    .then((rows) => rows.map((r) => r.center));
}

/** The staff of one harvest center, by name. */
export function findStaffOfHarvestCenter(db: Db, harvestCenterId: number): Promise<UserRow[]> {
  return db
    .select({ staff: users })
    .from(hcStaffLinks)
    .innerJoin(users, eq(users.id, hcStaffLinks.staffId))
    .where(and(eq(hcStaffLinks.harvestCenterId, harvestCenterId), eq(users.membershipId, MEMBERSHIP.hcStaff)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .then((rows) => rows.map((r) => r.staff));
}

const linkedHc = alias(users, 'staff_hc');
const linkedCenter = alias(centerAccounts, 'staff_hc_center');

/**
 * For each staff member, the harvest centers they work for that `visibleHc` (an HC scope written
 * against the center columns it is given) lets the caller see.
 */
export async function findStaffHarvestCenters(
  db: Db,
  staffIds: number[],
  visibleHc: (c: CenterColumns) => SQL,
): Promise<Map<number, { id: number; company: string }[]>> {
  const byStaff = new Map<number, { id: number; company: string }[]>(staffIds.map((id) => [id, []]));
  if (staffIds.length === 0) return byStaff;
  const rows = await db
    .select({ staffId: hcStaffLinks.staffId, id: linkedHc.id, company: linkedHc.company })
    .from(hcStaffLinks)
    .innerJoin(linkedHc, eq(linkedHc.id, hcStaffLinks.harvestCenterId))
    .innerJoin(linkedCenter, eq(linkedCenter.userId, hcStaffLinks.harvestCenterId))
    .where(and(inArray(hcStaffLinks.staffId, staffIds), visibleHc(linkedCenter)))
    .orderBy(asc(linkedHc.company), asc(linkedHc.id));
  for (const r of rows) byStaff.get(r.staffId)?.push({ id: r.id, company: r.company });
  return byStaff;
}

/**
 * Every staff member the admin reaches (a white-label admin: its domain's), by name, searched by
 * name, e-mail or phone (users.search_text), one page.
 */
export function findStaffPage(
  db: Db,
  admin: ScopeActor,
  search: string | undefined,
  page: PageRequest,
): Promise<Page<UserRow>> {
  const term = search?.trim();
  return findPage(
    () =>
      db
        .select({ staff: users, totalRows })
        .from(users)
        .where(
          and(
            eq(users.membershipId, MEMBERSHIP.hcStaff),
            inAdminReach(admin, users.id),
            term ? sql`${users.searchText} like ${containsPattern(term)}` : undefined,
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    page,
  ).then(({ count, rows }) => ({ count, rows: rows.map((r) => r.staff) }));
}
