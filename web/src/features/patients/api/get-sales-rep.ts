import type { TSalesPerson } from '@portal/shared/sales-teams';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A sales rep the caller may see (its own rep, its team's, any for admins). */
export function getSalesRep(id: number): Promise<TSalesPerson> {
  return api.get<TSalesPerson>(`/api/v1/users/sales-rep/${id}/`);
}

/** Only ask for a rep the caller is sure to see: a refused call would leave the page for /unauthorized. */
export function useSalesRep(id: number | null) {
  return useQuery({
    queryKey: ['sales-rep', id],
    queryFn: () => getSalesRep(id ?? 0),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
