import type { TSecondFactorPolicy, TSecondFactorPolicyUpdate } from '@portal/shared/second-factors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const POLICY_KEY = ['second-factor-policy'] as const;

export const getPolicy = () => api.get<TSecondFactorPolicy>('/api/admin/second-factor-policy/');
export const usePolicy = () => useQuery({ queryKey: POLICY_KEY, queryFn: getPolicy });

export const updatePolicy = (body: TSecondFactorPolicyUpdate) =>
  api.put<TSecondFactorPolicy>('/api/admin/second-factor-policy/', body);

export function useUpdatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePolicy,
    onSuccess: (policy) => queryClient.setQueryData(POLICY_KEY, policy),
  });
}
