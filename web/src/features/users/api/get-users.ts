import { PAGE_SIZE } from '@portal/shared/ui-constants';
import type { TUserPage } from '@portal/shared/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

/** The list filters of the Users List, as the API names them (part 1 §6: search, membership, tag, active). */
export interface UserListFilters {
  search: string;
  membership: string | null;
  tag: string | null;
  /** 'true' active users (the default), 'false' inactive ones, 'all' both. */
  active: 'true' | 'false' | 'all';
}

export const USERS_QUERY_KEY = ['users'] as const;

export function filterParams(filters: UserListFilters) {
  return {
    search: filters.search.trim(),
    membership: filters.membership,
    tag: filters.tag,
    active: filters.active,
  };
}

export function getUsers(filters: UserListFilters, page: number, signal?: AbortSignal) {
  return api.get<TUserPage>('/api/admin/users/', {
    params: { ...filterParams(filters), ...pageParams(page, PAGE_SIZE.users) },
    signal,
  });
}

/** One page of the admin user list; the previous page stays in view while the next one loads. */
export function useUsers(filters: UserListFilters, page: number) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, 'list', filters, page],
    queryFn: ({ signal }) => getUsers(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}
