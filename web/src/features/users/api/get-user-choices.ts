import type { TUserOption } from '@portal/shared/select-options';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

interface IdName {
  id: number;
  name: string;
}

/** The tags a user can carry (filter and Edit user's multi-select). */
export function useUserTags() {
  return useQuery({
    queryKey: ['user-tags'],
    queryFn: ({ signal }) => api.get<IdName[]>('/api/v1/user-tags/', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The account types, for the membership filter. */
export function useMemberships() {
  return useQuery({
    queryKey: ['memberships'],
    queryFn: ({ signal }) => api.get<IdName[]>('/api/v1/memberships/', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The option lists of the sales-link selects in Edit user. */
export type UserOptionList = 'sales-reps' | 'sales-managers' | 'sales-distributors';

export function useUserOptions(list: UserOptionList, enabled: boolean) {
  return useQuery({
    queryKey: ['options', list],
    queryFn: ({ signal }) => api.get<TUserOption[]>(`/api/v1/options/${list}/`, { signal }),
    staleTime: 60_000,
    enabled,
  });
}
