import type { TUserFilters, TUserListQuery, TUserPage } from '@portal/shared/users';
import type { Db } from '../../db/client.ts';
import { findUserPage } from './user-list.repository.ts';
import { toUserJson } from './user-view.ts';

/** What an admin's user list holds: a white-label admin's is always its own domain's (decision 023). */
export function filtersInCallersDomain<F extends TUserFilters>(
  actor: { domainId: number | null },
  filters: F,
): F {
  return actor.domainId === null ? filters : { ...filters, domain: actor.domainId };
}

/** GET /api/v1/users/: the admin's user list, one page. */
export async function listUsers(db: Db, query: TUserListQuery): Promise<TUserPage> {
  const { count, rows } = await findUserPage(db, query);
  return { count, results: rows.map((row) => toUserJson(row)) };
}
