import type { TSignLinkResponse } from '@portal/shared/documents';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';

/** POST v1/documents/harvest-center/attestation/: a signing link for the caller's own attestation. */
export function requestAttestationLink(): Promise<TSignLinkResponse> {
  return api.post<TSignLinkResponse>('/api/v1/documents/harvest-center/attestation/', {});
}

/** Part 1 §8: an attestation failure shows the server's message. */
export function useRequestAttestationLink() {
  return useMutation({
    mutationFn: requestAttestationLink,
    onError: (error) => notifyError(errorMessage(error)),
  });
}
