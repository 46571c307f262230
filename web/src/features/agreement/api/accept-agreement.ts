import type { TUser } from '@portal/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../lib/use-current-user.ts';

/** Part 1 §4: Continue sends check_agreement with the moment the box was ticked. */
export function acceptAgreement({ userId, tickedAt }: { userId: number; tickedAt: Date }) {
  return api.patch<TUser>(`/api/v1/users/${userId}/`, { check_agreement: tickedAt.toISOString() });
}

export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAgreement,
    onSuccess: async () => {
      // The session first: it lifts the gate. Then whatever a page asked before it was refused.
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
      });
    },
  });
}
