import type { TTransactionHistoryRow } from '@portal/shared/checkout';
import type { TPatientOption } from '@portal/shared/patients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../lib/api-client.ts';

/**
 * What a center's screens read about the center (checkout, transaction history, label requests):
 * its patients and its processing-fee history.
 */

/** The patients a center may order for: an HC's own, an RHC's referred ones. */
export function usePatientOptions(centerId: number, referral: boolean, search: string, enabled: boolean) {
  const path = referral
    ? `/api/v1/harvest-centers/${centerId}/referral/patientList/`
    : `/api/v1/harvest-centers/${centerId}/patientList/`;
  return useQuery({
    queryKey: ['checkout', 'patients', path, search],
    queryFn: () => api.get<TPatientOption[]>(path, { params: { search: search || undefined, limit: 50 } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A center's transactions, 10 a page (the history and the label screens). */
export function useTransactionHistory(path: string, page: number, pageSize: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['checkout', 'history', path, page],
    queryFn: () =>
      api.get<{ count: number; results: TTransactionHistoryRow[] }>(path, {
        params: pageParams(page, pageSize),
      }),
    placeholderData: keepPreviousData,
  });
}
