import type { TStaffHcListResponse } from '@portal/shared/hc-staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The harvest centers a staff member works for. */
export function getStaffHarvestCenters(staffId: number): Promise<TStaffHcListResponse> {
  return api.get<TStaffHcListResponse>(`/api/v1/hc-staff/${staffId}/hc-list/`);
}

export function useStaffHarvestCenters(staffId: number, enabled = true) {
  return useQuery({
    queryKey: ['hc-staff', 'harvest-centers', staffId],
    queryFn: () => getStaffHarvestCenters(staffId),
    enabled,
  });
}
