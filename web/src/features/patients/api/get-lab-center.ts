import type { THarvestCenter } from '@portal/shared/harvest-centers';
import type { TProcessingLab } from '@portal/shared/labs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The lab and the harvest center a lab drill-down is about, for its heading and breadcrumb. */
export function useLabCenterNames(labId: number, harvestCenterId: number) {
  const lab = useQuery({
    queryKey: ['processing-lab', labId],
    queryFn: () => api.get<TProcessingLab>(`/api/v1/processing-labs/${labId}/`),
    staleTime: 60_000,
  });
  const center = useQuery({
    queryKey: ['harvest-center', harvestCenterId],
    queryFn: () => api.get<THarvestCenter>(`/api/v1/harvest-centers/${harvestCenterId}/`),
    staleTime: 60_000,
  });
  return {
    labName: lab.data?.name,
    centerName: center.data ? center.data.company || center.data.email : undefined,
  };
}
