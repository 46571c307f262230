import type { TSalesPersonPage } from '@portal/shared/sales-teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { teamKey } from './get-team.ts';

interface RemoveResponse {
  message: string;
  id: number;
}

/** Who leaves which team: a rep its manager's, a manager its distributor's. */
export type TeamMemberKind = 'sales-rep' | 'sales-manager';

const REMOVE_PATHS: Record<TeamMemberKind, (id: number) => string> = {
  'sales-rep': (repId) => `/api/v1/sales-rep/${repId}/remove-team/`,
  'sales-manager': (managerId) => `/api/v1/sales-distributors/${managerId}/remove-team/`,
};

export function removeFromTeam(kind: TeamMemberKind, id: number): Promise<RemoveResponse> {
  return api.post<RemoveResponse>(REMOVE_PATHS[kind](id));
}

/**
 * Removes a member from the team listed at `listPath`. Part 1 §4: the list updates at once, so the row
 * leaves every cached page of that list before the lists are read again.
 */
export function useRemoveFromTeam(kind: TeamMemberKind, listPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removeFromTeam(kind, id),
    onSuccess: async ({ message }, id) => {
      notifySuccess(message);
      queryClient.setQueriesData<TSalesPersonPage>({ queryKey: teamKey(listPath) }, (page) => {
        if (!page?.results.some((person) => person.id === id)) return page;
        return { count: page.count - 1, results: page.results.filter((person) => person.id !== id) };
      });
      await queryClient.invalidateQueries({ queryKey: ['sales-team'] });
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
}
