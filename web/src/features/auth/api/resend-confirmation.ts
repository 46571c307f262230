import type { TMessage } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A new confirmation link for an account that has not confirmed its e-mail (the same answer for any address). */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<TMessage>('/api/v1/sign-up/resend-confirmation/', { email }, { anonymous: true }),
  });
}
