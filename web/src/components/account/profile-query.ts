import type { TUser } from '@portal/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const profileQuery = (id: number) =>
  queryOptions({
    queryKey: ['profile', id],
    queryFn: ({ signal }) => api.get<TUser>(`/api/v1/users/${id}/`, { signal }),
  });

/** The signed-in user's full record (addresses, dates), which the session copy does not hold. */
export function useProfile(id: number) {
  return useQuery(profileQuery(id));
}
