import type { THarvestCenter } from '@portal/shared/harvest-centers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A harvest center the caller may see (its lab's, for a lab): for the name in a drill-down heading. */
export function useHarvestCenter(id: number | null) {
  return useQuery({
    queryKey: ['harvest-center', id],
    queryFn: () => api.get<THarvestCenter>(`/api/v1/harvest-centers/${id}/`),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
