import type { TAdminUserUpdate, TCreateUserBody, ZLoginAsResponse } from '@portal/shared/account-admin';
import type { ZMessage } from '@portal/shared/auth';
import type { ZAdminChangePassword } from '@portal/shared/passwords';
import type { TUser } from '@portal/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

type Message = z.infer<typeof ZMessage>;

/** Every change to an account can move it between lists: all user lists load again. */
export function useUsersMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Settled, not only succeeded: Remove Account may deactivate the user and then be refused.
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export const createUser = (body: TCreateUserBody) => api.post<TUser>('/api/v1/users/', body);
export const useCreateUser = () => useUsersMutation(createUser);

export const updateUser = ({ id, body }: { id: number; body: TAdminUserUpdate }) =>
  api.post<TUser>(`/api/v1/users/update/${id}/`, body);
export const useUpdateUser = () => useUsersMutation(updateUser);

export const setUserActive = ({ id, active }: { id: number; active: boolean }) =>
  api.get<Message>(`/api/v1/users/set/${active ? 'active' : 'inactive'}/${id}/`);
export const useSetUserActive = () => useUsersMutation(setUserActive);

export const deleteInactiveUser = (user: Pick<TUser, 'id'>) =>
  api.delete<Message>(`/api/v1/users/delete-inactive/${user.id}/`);

/**
 * Remove Account: permanent deletion, which the API allows for inactive users only. An active
 * account is deactivated first; if the deletion is then refused (patients or vial records still
 * depend on it), it stays inactive, as the server recommends.
 */
export async function removeAccount(user: Pick<TUser, 'id' | 'is_active'>): Promise<Message> {
  if (user.is_active) await setUserActive({ id: user.id, active: false });
  return deleteInactiveUser(user);
}

export const changeUserPassword = (body: z.infer<typeof ZAdminChangePassword>) =>
  api.post<Message>('/api/v1/users/change-password/', body);
export const useChangeUserPassword = () => useMutation({ mutationFn: changeUserPassword });

export const loginAsUser = (userId: number) =>
  api.post<z.infer<typeof ZLoginAsResponse>>('/api/v1/users/login-as-user/', { user_id: userId });
export const useLoginAsUser = () => useMutation({ mutationFn: loginAsUser });
