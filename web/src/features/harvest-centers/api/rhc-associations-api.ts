import type { TRhcAssociationPage, TRhcAssociationUpdateResponse } from '@portal/shared/rhc-associations';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

export const RHC_ASSOCIATION_KEYS = { all: ['rhc-associations'] as const };

/** RHC Manager: one page of referral harvest centers with their associated harvest centers. */
export function useRhcAssociations(page: number, search: string) {
  return useQuery({
    queryKey: [...RHC_ASSOCIATION_KEYS.all, page, search],
    queryFn: ({ signal }) =>
      api.get<TRhcAssociationPage>('/api/admin/rhc-association/all/', {
        signal,
        params: {
          ...pageParams(page, PAGE_SIZE.default),
          search: search || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function updateRhcAssociation(rhcId: number, harvestCenterIds: number[]) {
  return api.post<TRhcAssociationUpdateResponse>(`/api/v1/rhc-association/update-association/${rhcId}/`, {
    rhc_hc_ids: harvestCenterIds,
  });
}
