import type { TSalesPersonPage } from '@portal/shared/sales-teams';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

/** The team lists of part 1 §7; the server answers only for the caller's own team. */
export const TEAM_LISTS = {
  managerReps: (managerId: number) => `/api/v1/sales-rep/sales-manager/list/${managerId}/`,
  distributorManagers: (distributorId: number) =>
    `/api/v1/sales-distributors/${distributorId}/sales-managers/`,
  distributorReps: (distributorId: number) => `/api/v1/sales-distributors/${distributorId}/sales-rep/`,
};

export interface TeamQuery {
  page: number;
  pageSize: number;
  search: string;
}

export const teamKey = (path: string) => ['sales-team', path] as const;

export function getTeam(path: string, query: TeamQuery): Promise<TSalesPersonPage> {
  return api.get<TSalesPersonPage>(path, {
    params: { ...pageParams(query.page, query.pageSize), search: query.search },
  });
}

export function useTeam(path: string, query: TeamQuery) {
  return useQuery({
    queryKey: [...teamKey(path), query],
    queryFn: () => getTeam(path, query),
    placeholderData: keepPreviousData,
  });
}
