import type { TAsset, TAssetBody, TAssetPage, TAssetSaved } from '@portal/shared/assets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';
import { getStoredUser } from '../../../lib/session.ts';

export const ASSET_KEYS = { all: ['assets'] as const };

/** GET admin/assets/ (the Assets Manager) or v1/assets/subscription/{type}/ (the Resource Center). */
export function useAssets(
  source: { admin: true } | { membershipId: number },
  page: number,
  pageSize: number,
  search: string,
) {
  const path =
    'admin' in source ? '/api/admin/assets/' : `/api/v1/assets/subscription/${source.membershipId}/`;
  return useQuery({
    queryKey: [...ASSET_KEYS.all, path, page, search],
    queryFn: ({ signal }) =>
      api.get<TAssetPage>(path, {
        signal,
        params: { ...pageParams(page, pageSize), search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST v1/assets/subscription/{type}/section/: what the resource panel suggests on a page. The type
 * is read from the stored session when the call is made, not when the panel rendered: on a switch of
 * account (back from 'Access to this HC') a refetch must not ask for the previous account's type with
 * the new account's token (a 403, which sends the browser to /unauthorized).
 */
export function useSectionAssets(membershipId: number, url: string) {
  return useQuery({
    queryKey: [...ASSET_KEYS.all, 'section', membershipId, url],
    queryFn: () => {
      const current = getStoredUser()?.membership[0]?.id ?? membershipId;
      return api.post<TAsset[]>(`/api/v1/assets/subscription/${current}/section/`, { url });
    },
    staleTime: 60_000,
  });
}

/** POST v1/assets/process-file/: stages one file; answers the key for tmp_file. */
export function stageAssetFile(file: File): Promise<{ filename: string }> {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ filename: string }>('/api/v1/assets/process-file/', form);
}

export function saveAsset(id: number | null, body: TAssetBody): Promise<TAssetSaved> {
  return id === null
    ? api.post<TAssetSaved>('/api/v1/assets/', body)
    : api.patch<TAssetSaved>(`/api/v1/assets/${id}/`, body);
}

export function removeAsset(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/v1/assets/${id}/`);
}
