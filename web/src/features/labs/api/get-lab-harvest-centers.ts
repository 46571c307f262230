import type { THarvestCenter } from '@portal/shared/harvest-centers';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

export interface LabHarvestCentersPage {
  count: number;
  results: THarvestCenter[];
}

/** One page (5, part 1 §9) of a lab's harvest centers. */
export function getLabHarvestCenters(
  labId: number,
  page: number,
  search: string,
): Promise<LabHarvestCentersPage> {
  return api.get<LabHarvestCentersPage>(`/api/v1/processing-labs/${labId}/harvestcenters/`, {
    params: {
      ...pageParams(page, PAGE_SIZE.labHarvestCenters),
      search,
    },
  });
}

export function useLabHarvestCenters(labId: number, page: number, search: string) {
  return useQuery({
    queryKey: ['lab-harvest-centers', labId, page, search],
    queryFn: () => getLabHarvestCenters(labId, page, search),
    placeholderData: keepPreviousData,
  });
}
