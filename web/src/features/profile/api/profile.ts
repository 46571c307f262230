import type { ZMessage } from '@portal/shared/auth';
import type { ZUpdateOwnPassword } from '@portal/shared/passwords';
import type { ZProfilePut } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileQuery } from '../../../components/account/profile-query.ts';
import { api } from '../../../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../lib/use-current-user.ts';

export type TProfileBody = z.input<typeof ZProfilePut>;

export function updateProfile({ id, body }: { id: number; body: TProfileBody }) {
  return api.put<TUser>(`/api/v1/users/${id}/`, body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(profileQuery(user.id).queryKey, user);
      // The answer replaces the user the browser keeps (name in the header, e-mail, company).
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export function updateOwnPassword({ id, body }: { id: number; body: z.input<typeof ZUpdateOwnPassword> }) {
  return api.post<z.infer<typeof ZMessage>>(`/api/v1/users/update-password/${id}/`, body);
}

export function useUpdateOwnPassword() {
  return useMutation({ mutationFn: updateOwnPassword });
}
