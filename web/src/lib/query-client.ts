import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** The signed-in user's dashboard counts (GET /api/v1/dashboard/summary/), whatever the role. */
export const DASHBOARD_SUMMARY_KEY = ['dashboard', 'summary'] as const;

/**
 * The app's one query client. Every change made through a mutation (an account deactivated, a
 * patient added, a sign-up declined...) asks the dashboard's counts again: a count must follow the
 * action that changed it on the same screen, and no screen has to know which cards its change moves.
 * Only a summary on screen is fetched again; elsewhere it is marked stale for the next visit.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on retry; network failures and 5xx get two more tries.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
    // Settled, not only succeeded: a refused change may have done part of its work (Remove Account).
    // A sign-out (meta.signsOut) changes no count, and asking would answer 401 once its token is gone.
    mutationCache: new MutationCache({
      onSettled: (_data, _error, _variables, _context, mutation) =>
        mutation.meta?.signsOut ? undefined : client.invalidateQueries({ queryKey: DASHBOARD_SUMMARY_KEY }),
    }),
  });
  return client;
}
