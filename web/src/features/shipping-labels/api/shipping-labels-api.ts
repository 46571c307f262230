import type {
  TCarrierStatus,
  TLabelNotificationResponse,
  TLabelRequestBody,
  TLabelRequestCreated,
  TLabelRequestPage,
  TLabelUpdateBody,
  TLabelUpdateResponse,
} from '@portal/shared/shipping-labels';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';

export const LABEL_KEYS = {
  all: ['shipping-labels'] as const,
  list: (page: number, search: string) => ['shipping-labels', 'list', page, search] as const,
};

/** GET admin/fedex-requests/: 10 a page, the filter box searched on the server. */
export function useLabelRequests(page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: LABEL_KEYS.list(page, search),
    queryFn: ({ signal }) =>
      api.get<TLabelRequestPage>('/api/admin/fedex-requests/', {
        signal,
        params: { ...pageParams(page, pageSize), search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST v1/fedex-requests/. */
export function requestLabel(body: TLabelRequestBody): Promise<TLabelRequestCreated> {
  return api.post<TLabelRequestCreated>('/api/v1/fedex-requests/', body);
}

/** POST v1/fedex-requests/process-file/: stages the label PDF; answers the key for pdf_file. */
export function stageLabelFile(file: File): Promise<{ filename: string }> {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ filename: string }>('/api/v1/fedex-requests/process-file/', form);
}

/** PATCH v1/fedex-requests/{id}/, or update-sent-notification/{id}/ to mail the label as well. */
export function updateLabel(
  id: number,
  body: TLabelUpdateBody,
  notify: boolean,
): Promise<TLabelUpdateResponse> {
  return notify
    ? api.post<TLabelUpdateResponse>(`/api/v1/fedex-requests/update-sent-notification/${id}/`, body)
    : api.patch<TLabelUpdateResponse>(`/api/v1/fedex-requests/${id}/`, body);
}

/** GET v1/fedex-requests/carrier/: whether labels can be made by the carrier in one click. */
export function useCarrierStatus() {
  return useQuery({
    queryKey: [...LABEL_KEYS.all, 'carrier'],
    queryFn: () => api.get<TCarrierStatus>('/api/v1/fedex-requests/carrier/'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST v1/fedex-requests/{id}/create-label/: the carrier makes the shipment and its label. */
export function createCarrierLabel(id: number): Promise<TLabelUpdateResponse> {
  return api.post<TLabelUpdateResponse>(`/api/v1/fedex-requests/${id}/create-label/`);
}

/** POST v1/fedex-requests/send-notification/. */
export function sendLabelNotification(id: number): Promise<TLabelNotificationResponse> {
  return api.post<TLabelNotificationResponse>('/api/v1/fedex-requests/send-notification/', { fedex_id: id });
}
