import type { TSessionInfo, TSessionUser } from '@portal/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { getStoredUser, getToken, storeUser } from './session.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** Who is signed in, as the server sees it (including impersonation and staff access). */
export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => {
      const info = await api.get<TSessionInfo>('/api/v1/session/');
      // The stored copy is what the next page load starts from; keep it current.
      storeUser(info.user);
      return info;
    },
    enabled: getToken() !== null,
  });
}

/** The signed-in user: the server's answer once it arrives, the stored copy until then. */
export function useCurrentUser(): TSessionUser | null {
  const { data } = useSession();
  return data?.user ?? getStoredUser();
}

/** For screens under the signed-in layout, which renders only when there is a user. */
export function useSignedInUser(): TSessionUser {
  const user = useCurrentUser();
  if (!user) throw new Error('useSignedInUser outside the signed-in layout');
  return user;
}
