import type { TCoupon } from '@portal/shared/coupons';
import type { TCenterOption } from '@portal/shared/harvest-centers';
import type { TProductOption } from '@portal/shared/products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

export const COUPON_KEYS = { all: ['coupons'] as const };

export function useCoupons(query: { page: number; pageSize: number; search: string }) {
  return useQuery({
    queryKey: [...COUPON_KEYS.all, query],
    queryFn: () =>
      api.get<{ count: number; results: TCoupon[] }>('/api/admin/coupon-codes/', {
        params: {
          ...pageParams(query.page, query.pageSize),
          search: query.search || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProductOptions() {
  return useQuery({
    queryKey: ['products', 'options'],
    queryFn: () => api.get<TProductOption[]>('/api/v1/products/list-all-options/'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useHarvestCenterOptions(search: string) {
  return useQuery({
    queryKey: ['harvest-centers', 'options', search],
    queryFn: () =>
      api.get<TCenterOption[]>('/api/v1/harvest-centers/list-all/', { params: { search, limit: 50 } }),
    placeholderData: keepPreviousData,
  });
}
