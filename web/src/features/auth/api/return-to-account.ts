import type { TLoginResponse } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { storeSession } from '../../../lib/session.ts';

/** Ends impersonation ("Login As") or HC staff access: the server hands back the real account's session. */
export function returnToAccount(): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/api/v1/users/login-as-user/return/');
}

export function useReturnToAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: returnToAccount,
    onSuccess: async ({ token, user, message }) => {
      storeSession(token, user);
      notifySuccess(message);
      await navigate('/dashboard');
      // After leaving the page: only the dashboard's queries refetch, as the real account.
      await queryClient.resetQueries();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
}
