import { PAGE_SIZE } from '@portal/shared/ui-constants';
import type { TVialsHistoryResponse } from '@portal/shared/vials';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

/** Every cached answer about one patient's vials (totals and records); writes refresh them all. */
export function vialsHistoryKey(patientId: number) {
  return ['vials-history', patientId] as const;
}

/** One page (newest first) of a patient's vial records, with its totals. */
export function getVialsHistory(patientId: number, page: number): Promise<TVialsHistoryResponse> {
  return api.get<TVialsHistoryResponse>(`/api/v1/vials-history/user/${patientId}/`, {
    params: { ...pageParams(page, PAGE_SIZE.vialHistory) },
  });
}

export function useVialsHistory(patientId: number, page: number) {
  return useQuery({
    queryKey: [...vialsHistoryKey(patientId), page],
    queryFn: () => getVialsHistory(patientId, page),
    // The table keeps its rows while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
