import type { ZProcessingLabPage } from '@portal/shared/labs';
import type { TUser } from '@portal/shared/users';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** A linked account by its name (a center by its company), for User Details instead of a raw id. */
function displayName(user: TUser): string {
  const person = `${user.first_name} ${user.last_name}`.trim();
  return user.company || person || user.email;
}

/** The accounts and the lab a user is linked to, by name; an id shows until its name has loaded. */
export function useLinkedNames(user: TUser): {
  account: (id: number | null) => string | null;
  lab: (id: number | null) => string | null;
} {
  const ids = [
    user.saless_rep_id,
    user.sales_manager_id,
    user.sales_distributor_id,
    user.harvest_center_temporal_id,
    user.referral_harvest_center_temporal_id,
    ...user.staff_hc_ids,
  ].filter((id): id is number => id !== null);
  const unique = [...new Set(ids)];
  // GET /api/v1/users/{id}/ is open to admins for any account (these details are the admin's).
  const accounts = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['users', 'linked-name', id],
      queryFn: () => api.get<TUser>(`/api/v1/users/${id}/`),
      staleTime: 60_000,
    })),
  });
  const labs = useQuery({
    queryKey: ['processing-labs', 'names'],
    queryFn: () =>
      api.get<z.infer<typeof ZProcessingLabPage>>('/api/v1/processing-labs/', {
        params: { limit: 500, offset: 0 },
      }),
    enabled: user.processing_lab !== null,
    staleTime: 60_000,
  });
  const names = new Map<number, string>();
  unique.forEach((id, index) => {
    const loaded = accounts[index]?.data;
    if (loaded) names.set(id, displayName(loaded));
  });
  return {
    account: (id) => (id === null ? null : (names.get(id) ?? `#${id}`)),
    lab: (id) => (id === null ? null : (labs.data?.results.find((lab) => lab.id === id)?.name ?? `#${id}`)),
  };
}
