import type { TSignLinkBody, TSignLinkResponse } from '@portal/shared/documents';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';

/** POST v1/documents/sign-link-patient/: an embedded signing link for a Pending document. */
export function requestSignLink(body: TSignLinkBody): Promise<TSignLinkResponse> {
  return api.post<TSignLinkResponse>('/api/v1/documents/sign-link-patient/', body);
}

/** Part 1 §8: a sign link failure shows the server's message. */
export function useRequestSignLink() {
  return useMutation({ mutationFn: requestSignLink, onError: (error) => notifyError(errorMessage(error)) });
}
