import type { THcStaffPage, THcStaffUpdateResponse, TRemoveStaffBody } from '@portal/shared/hc-staff';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

export const HC_STAFF_KEYS = { all: ['hc-staff'] as const };

/** HC Staff Manager: one page of every staff member with their centers. */
export function useAllStaff(page: number, search: string) {
  return useQuery({
    queryKey: [...HC_STAFF_KEYS.all, 'manager', page, search],
    queryFn: ({ signal }) =>
      api.get<THcStaffPage>('/api/admin/hc-staff/', {
        signal,
        params: {
          ...pageParams(page, PAGE_SIZE.default),
          search: search || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function updateStaffCenters(staffId: number, harvestCenterIds: number[]) {
  return api.patch<THcStaffUpdateResponse>(`/api/v1/hc-staff/${staffId}/`, {
    staff_hc_ids: harvestCenterIds.join(','),
  });
}

export function removeStaffMember(body: TRemoveStaffBody) {
  return api.post<{ success: true; message: string }>('/api/v1/hc-staff/remove-user/', body);
}
