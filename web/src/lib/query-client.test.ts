import { describe, expect, it } from 'vitest';
import { createQueryClient, DASHBOARD_SUMMARY_KEY } from './query-client.ts';

/** Runs one mutation through the client, as useMutation does. */
function mutate(client: ReturnType<typeof createQueryClient>, mutationFn: () => Promise<unknown>) {
  return client.getMutationCache().build(client, { mutationFn }).execute(undefined);
}

describe('the query client', () => {
  it('marks the dashboard counts stale after any change, done or refused', async () => {
    const client = createQueryClient();
    client.setQueryData(DASHBOARD_SUMMARY_KEY, { kind: 'admin', inactive_users: 3 });
    client.setQueryData(['users', 'list'], []);
    await mutate(client, async () => ({ message: 'User has been deactivated' }));
    expect(client.getQueryState(DASHBOARD_SUMMARY_KEY)?.isInvalidated).toBe(true);
    // Nothing else is its business: each screen invalidates its own lists.
    expect(client.getQueryState(['users', 'list'])?.isInvalidated).toBe(false);

    client.setQueryData(DASHBOARD_SUMMARY_KEY, { kind: 'admin', inactive_users: 4 });
    await expect(
      mutate(client, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(client.getQueryState(DASHBOARD_SUMMARY_KEY)?.isInvalidated).toBe(true);
  });
});
