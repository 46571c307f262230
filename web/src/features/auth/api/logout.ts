import type { ZMessage } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

export function logout() {
  return api.post<z.infer<typeof ZMessage>>('/api/admin/logout/');
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { signsOut: true },
    // The user asked to leave: the browser forgets the session even if the server could not be told.
    onSettled: () => {
      clearSession();
      queryClient.clear();
      navigate('/', { replace: true });
    },
  });
}
