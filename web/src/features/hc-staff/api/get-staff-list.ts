import type { TStaffListResponse } from '@portal/shared/hc-staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The staff of one harvest center. */
export function getStaffList(harvestCenterId: number): Promise<TStaffListResponse> {
  return api.get<TStaffListResponse>(`/api/v1/hc-staff/${harvestCenterId}/staff-list/`);
}

export function useStaffList(harvestCenterId: number) {
  return useQuery({
    queryKey: ['hc-staff', 'staff-list', harvestCenterId],
    queryFn: () => getStaffList(harvestCenterId),
  });
}
