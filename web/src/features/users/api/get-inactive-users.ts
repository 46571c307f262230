import { PAGE_SIZE } from '@portal/shared/ui-constants';
import type { TUserPage } from '@portal/shared/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export function getInactiveUsers(search: string, page: number, signal?: AbortSignal) {
  return api.get<TUserPage>('/api/admin/users/all/inactive/', {
    params: { search: search.trim(), ...pageParams(page, PAGE_SIZE.users) },
    signal,
  });
}

export function useInactiveUsers(search: string, page: number) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, 'inactive', search, page],
    queryFn: ({ signal }) => getInactiveUsers(search, page, signal),
    placeholderData: keepPreviousData,
  });
}
