import type { THarvestCenter, TReferralHarvestCenter } from '@portal/shared/harvest-centers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

export interface CentersPage<Center> {
  count: number;
  results: Center[];
}

/** The center lists of part 1 §7: everything for admins, a sales rep's own centers otherwise. */
export const CENTER_LISTS = {
  allHarvestCenters: () => '/api/admin/harvest-centers/',
  repHarvestCenters: (repId: number) => `/api/v1/harvest-centers/sales-rep/${repId}/`,
  allReferralCenters: () => '/api/v1/referral-harvest-centers/',
  repReferralCenters: (repId: number) => `/api/v1/referral-harvest-centers/sales-rep/${repId}/`,
};

export interface CentersQuery {
  page: number;
  pageSize: number;
  search: string;
}

export function getCenters<Center extends THarvestCenter | TReferralHarvestCenter>(
  path: string,
  query: CentersQuery,
): Promise<CentersPage<Center>> {
  return api.get<CentersPage<Center>>(path, {
    params: { ...pageParams(query.page, query.pageSize), search: query.search },
  });
}

export const centersKey = ['centers'] as const;

export function useCenters<Center extends THarvestCenter | TReferralHarvestCenter>(
  path: string,
  query: CentersQuery,
) {
  return useQuery({
    queryKey: [...centersKey, path, query],
    queryFn: () => getCenters<Center>(path, query),
    placeholderData: keepPreviousData,
  });
}
