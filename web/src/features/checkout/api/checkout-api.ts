import type { TCheckoutBody, TCheckoutResponse } from '@portal/shared/checkout';
import type { TCouponValidation } from '@portal/shared/coupons';
import type { TCenterOption } from '@portal/shared/harvest-centers';
import type { TProduct } from '@portal/shared/products';
import type { TSalesRepExists } from '@portal/shared/sales-teams';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

export function useProduct(productId: number | null) {
  return useQuery({
    queryKey: ['products', productId],
    queryFn: () => api.get<TProduct>(`/api/v1/products/${productId}/`),
    enabled: productId !== null,
    retry: false,
  });
}

/** Part 2 §5: the account's sales rep must exist before it may order. */
export function useSalesRepExists(salesRepId: number | null) {
  return useQuery({
    queryKey: ['sales-rep', 'exists', salesRepId],
    queryFn: () => api.get<TSalesRepExists>(`/api/v1/sales-rep/${salesRepId}/user-exists/`),
    enabled: salesRepId !== null,
  });
}

/** The harvest centers an RHC works with (the referral form's picker). */
export function useHarvestCenterChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['checkout', 'harvest-centers'],
    queryFn: () => api.get<TCenterOption[]>('/api/v1/harvest-centers/list-all/'),
    enabled,
  });
}

export function validateCoupon(code: string, productId: number, harvestCenterId: number | null) {
  return api.post<TCouponValidation>('/api/v1/coupon-codes/validate-code/', {
    code,
    product_id: productId,
    harvest_center_id: harvestCenterId,
  });
}

export function emailExists(email: string) {
  return api
    .post<{ exists: boolean }>('/api/v1/users/email-exists/', { email })
    .then((answer) => answer.exists);
}

export type CheckoutEndpoint = 'center' | 'referral-patient' | 'patient-self';
const ENDPOINTS: Record<CheckoutEndpoint, string> = {
  center: '/api/v1/transactions/create-transaction/',
  'referral-patient': '/api/v1/transactions/create-patient-transaction/',
  'patient-self': '/api/v1/users/patient/checkout/',
};

/** The checkout's answer, a decline (402) included; other failures throw an ApiError. */
export async function submitCheckout(
  endpoint: CheckoutEndpoint,
  body: TCheckoutBody,
): Promise<TCheckoutResponse> {
  try {
    return await api.post<TCheckoutResponse>(ENDPOINTS[endpoint], body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 402 && error.body)
      return error.body as TCheckoutResponse;
    throw error;
  }
}
