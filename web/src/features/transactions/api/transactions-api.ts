import type { TCommissionRates, TCommissionSummary } from '@portal/shared/commissions';
import type { TProductOption } from '@portal/shared/products';
import type { TSalesPersonPage } from '@portal/shared/sales-teams';
import type {
  TTransactionEditBody,
  TTransactionFilters,
  TTransactionPage,
  TTransactionRow,
} from '@portal/shared/transactions';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, download, pageParams } from '../../../lib/api-client.ts';

export const TRANSACTION_KEYS = { all: ['transactions'] as const, commissions: ['commissions'] as const };

/** The filters as query parameters, the empty ones left out. */
export function filterParams(filters: TTransactionFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}

/** One page of a report: the admin's list or a sales member's (`path`), 10 rows a page (part 2 §9). */
export function useTransactionPage(path: string | null, filters: TTransactionFilters, page: number) {
  return useQuery({
    queryKey: [...TRANSACTION_KEYS.all, path, filters, page],
    queryFn: ({ signal }) =>
      api.get<TTransactionPage>(path as string, {
        signal,
        params: {
          ...filterParams(filters),
          ...pageParams(page, PAGE_SIZE.transactions),
        },
      }),
    enabled: path !== null,
    placeholderData: keepPreviousData,
  });
}

export function exportTransactions(format: 'csv' | 'xlsx', filters: TTransactionFilters) {
  return download(`/api/v1/transactions/export-${format}/`, { params: filterParams(filters) });
}

export function updateTransaction(id: number, body: TTransactionEditBody) {
  return api.patch<TTransactionRow>(`/api/v1/transactions/${id}/`, body);
}

export function useProducts() {
  return useQuery({
    queryKey: ['products', 'options'],
    queryFn: ({ signal }) => api.get<TProductOption[]>('/api/v1/products/list-all-options/', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCommissionSummary(period: { date_after?: string; date_before?: string }) {
  return useQuery({
    queryKey: [...TRANSACTION_KEYS.commissions, period],
    queryFn: ({ signal }) =>
      api.get<TCommissionSummary>('/api/v1/commissions/', { signal, params: filterParams(period) }),
    placeholderData: keepPreviousData,
  });
}

export function useCommissionRates(enabled: boolean) {
  return useQuery({
    queryKey: [...TRANSACTION_KEYS.commissions, 'rates'],
    queryFn: ({ signal }) => api.get<TCommissionRates>('/api/admin/commission-rates/', { signal }),
    enabled,
  });
}

/** A distributor's managers, for the manager-teams report (up to 500: a distributor's direct team). */
export function useDistributorManagers(distributorId: number) {
  return useQuery({
    queryKey: ['sales-team', 'managers-of', distributorId],
    queryFn: ({ signal }) =>
      api.get<TSalesPersonPage>(`/api/v1/sales-distributors/${distributorId}/sales-managers/`, {
        signal,
        params: { limit: 500 },
      }),
  });
}
