import type { TDashboardSummary } from '@portal/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { DASHBOARD_SUMMARY_KEY } from '../../lib/query-client.ts';

/** The counts of the signed-in user's dashboard: one call, whatever the role (asked again after every change). */
export function useDashboardSummary() {
  return useQuery({
    queryKey: DASHBOARD_SUMMARY_KEY,
    queryFn: ({ signal }) => api.get<TDashboardSummary>('/api/v1/dashboard/summary/', { signal }),
  });
}
