import type { ZMessage } from '@portal/shared/auth';
import type {
  TFactorAdded,
  TRecoveryCodes,
  TSecondFactors,
  TTotpSetup,
  TWebAuthnOptions,
} from '@portal/shared/second-factors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { createPasskey } from '../../../lib/webauthn.ts';

type Message = z.infer<typeof ZMessage>;
/**
 * Who asks: a pending sign-in that must enrol (its token), or the signed-in holder (the stored
 * session, with the password typed again).
 */
type Caller = { token?: string; currentPassword?: string };

const FACTORS_KEY = ['second-factors'] as const;
const reauthentication = (caller: Caller) =>
  caller.currentPassword ? { current_password: caller.currentPassword } : {};

export const getFactors = (token?: string) => api.get<TSecondFactors>('/api/v1/second-factors/', { token });

export function useFactors(token?: string) {
  return useQuery({ queryKey: [...FACTORS_KEY, token ?? 'session'], queryFn: () => getFactors(token) });
}

/** Registers a passkey: the server's options, the browser's ceremony, the server's check. */
export async function addPasskey(caller: Caller & { name: string }): Promise<TFactorAdded> {
  const { options } = await api.post<TWebAuthnOptions>(
    '/api/v1/second-factors/passkeys/options/',
    reauthentication(caller),
    { token: caller.token },
  );
  const response = await createPasskey(options);
  return api.post<TFactorAdded>(
    '/api/v1/second-factors/passkeys/',
    { name: caller.name, response },
    {
      token: caller.token,
    },
  );
}

export const startTotpSetup = (caller: Caller) =>
  api.post<TTotpSetup>('/api/v1/second-factors/totp/setup/', reauthentication(caller), {
    token: caller.token,
  });

export const confirmTotp = (caller: Caller & { code: string }) =>
  api.post<TFactorAdded>(
    '/api/v1/second-factors/totp/confirm/',
    { code: caller.code },
    { token: caller.token },
  );

export const renamePasskey = ({ id, name }: { id: number; name: string }) =>
  api.put<Message>(`/api/v1/second-factors/passkeys/${id}/`, { name });

export const removePasskey = ({ id, currentPassword }: { id: number; currentPassword: string }) =>
  api.post<Message>(`/api/v1/second-factors/passkeys/${id}/remove/`, { current_password: currentPassword });

export const removeTotp = ({ currentPassword }: { currentPassword: string }) =>
  api.post<Message>('/api/v1/second-factors/totp/remove/', { current_password: currentPassword });

export const renewRecoveryCodes = ({ currentPassword }: { currentPassword: string }) =>
  api.post<TRecoveryCodes>('/api/v1/second-factors/recovery-codes/', { current_password: currentPassword });

/** A change to one's factors: the list loads again afterwards, whatever the answer. */
export function useFactorsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FACTORS_KEY }),
  });
}
