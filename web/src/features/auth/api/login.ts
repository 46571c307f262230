import type { TLoginBody } from '@portal/shared/auth';
import type { TPasswordLoginResponse, TSignInOptions } from '@portal/shared/second-factors';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { storePendingSignIn } from '../../../lib/pending-sign-in.ts';
import { storeSession } from '../../../lib/session.ts';

export function login(body: TLoginBody): Promise<TPasswordLoginResponse> {
  return api.post<TPasswordLoginResponse>('/api/admin/login/', body, { anonymous: true });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      // A second factor (or setting one up) may be owed first: that step keeps the pending token.
      if (answer.stage !== 'complete') {
        storePendingSignIn(answer);
        return;
      }
      storeSession(answer.token, answer.user);
      notifySuccess(answer.message);
    },
    // A failure is said once, in the form beside the fields (not also as a notification).
  });
}

/** What the login page says before anyone signs in: whether the demo accounts exist. */
export function useSignInOptions() {
  return useQuery({
    queryKey: ['sign-in-options'],
    queryFn: () => api.get<TSignInOptions>('/api/sign-in/options/', { anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A passkey alone: its code is loaded when the button is pressed (api/passkey-login.ts). */
export function usePasskeyLogin() {
  return useMutation({
    mutationFn: async () => (await import('./passkey-login.ts')).signInWithPasskey(),
  });
}
