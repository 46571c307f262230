import type { TAdminUserUpdate, TCreateUserBody, ZLoginAsResponse } from '@portal/shared/account-admin';
import type { TDeleteBlockers } from '@portal/shared/account-deletion';
import type { ZMessage } from '@portal/shared/auth';
import type { ZAdminChangePassword } from '@portal/shared/passwords';
import type { TUser } from '@portal/shared/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

type Message = z.infer<typeof ZMessage>;

/** Every change to an account can move it between lists: all user lists load again. */
export function useUsersMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Settled, not only succeeded: a refused Remove Account has touched the account on its way.
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

/** What would refuse a permanent delete, asked before Remove Account changes anything. */
export const getDeleteBlockers = (userId: number) =>
  api.get<TDeleteBlockers>(`/api/v1/users/${userId}/delete-blockers/`);
export const useDeleteBlockers = (userId: number) =>
  useQuery({
    queryKey: [...USERS_QUERY_KEY, 'delete-blockers', userId],
    queryFn: () => getDeleteBlockers(userId),
  });

/**
 * Remove Account: permanent deletion, which the API allows for inactive users only. The modal has
 * asked for blockers first; an active account is deactivated, then deleted, and should the delete
 * still be refused (something came to depend on it meanwhile) it is activated again: nothing is
 * left half done.
 */
export async function removeAccount(user: Pick<TUser, 'id' | 'is_active'>): Promise<Message> {
  if (!user.is_active) return deleteInactiveUser(user);
  await setUserActive({ id: user.id, active: false });
  try {
    return await deleteInactiveUser(user);
  } catch (error) {
    await setUserActive({ id: user.id, active: true });
    throw error;
  }
}

export const changeUserPassword = (body: z.infer<typeof ZAdminChangePassword>) =>
  api.post<Message>('/api/v1/users/change-password/', body);
export const useChangeUserPassword = () => useMutation({ mutationFn: changeUserPassword });

export const loginAsUser = (userId: number) =>
  api.post<z.infer<typeof ZLoginAsResponse>>('/api/v1/users/login-as-user/', { user_id: userId });
export const useLoginAsUser = () => useMutation({ mutationFn: loginAsUser });

/** A lost device (decision 031): the account's passkeys, authenticator app and recovery codes go. */
export const resetSecondFactors = (userId: number) =>
  api.post<Message>(`/api/v1/users/${userId}/reset-second-factors/`);
export const useResetSecondFactors = () => useMutation({ mutationFn: resetSecondFactors });
