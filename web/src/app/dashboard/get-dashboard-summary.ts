import type { TDashboardSummary } from '@portal/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The counts of the signed-in user's dashboard: one call, whatever the role. */
export function useDashboardSummary() {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) => api.get<TDashboardSummary>('/api/v1/dashboard/summary/', { signal }),
  });
}
