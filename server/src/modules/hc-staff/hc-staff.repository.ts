import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type Page, type PageRequest, totalRows } from '../../db/paging.ts';
import { users } from '../../db/schema/accounts.ts';
import type { ScopeActor } from '../accounts/roles.ts';
import { inAdminReach } from '../accounts/scopes.repository.ts';

export type UserRow = typeof users.$inferSelect;

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
