import type { TOutboxMail, TOutboxMailDetail } from '@portal/shared/mail-outbox';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

export type OutboxStatus = TOutboxMail['status'];

export function getOutboxMail(
  search: string,
  page: number,
  status: OutboxStatus | null,
  signal?: AbortSignal,
) {
  return api.get<{ count: number; results: TOutboxMail[] }>('/api/admin/mail-outbox/', {
    params: {
      search: search.trim(),
      status: status ?? undefined,
      ...pageParams(page, PAGE_SIZE.default),
    },
    signal,
  });
}

export function useOutboxMail(search: string, page: number, status: OutboxStatus | null = null) {
  return useQuery({
    queryKey: ['mail-outbox', search, page, status],
    queryFn: ({ signal }) => getOutboxMail(search, page, status, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxMailDetail(id: number | null) {
  return useQuery({
    queryKey: ['mail-outbox', 'detail', id],
    queryFn: ({ signal }) => api.get<TOutboxMailDetail>(`/api/admin/mail-outbox/${id}/`, { signal }),
    enabled: id !== null,
  });
}
