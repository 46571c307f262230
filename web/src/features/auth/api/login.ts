import type { TLoginBody, TLoginResponse } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { storeSession } from '../../../lib/session.ts';

export function login(body: TLoginBody): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/api/admin/login/', body, { anonymous: true });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user, message }) => {
      storeSession(token, user);
      notifySuccess(message);
    },
    // A failure is said once, in the form beside the fields (not also as a notification).
  });
}
