import type { TVerifyResponse } from '@portal/shared/documents';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST v1/documents/verify/ (public, multipart: file): is this an unaltered completed document of ours? */
export function verifyDocument(file: File): Promise<TVerifyResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post<TVerifyResponse>('/api/v1/documents/verify/', form, { anonymous: true });
}

export function useVerifyDocument() {
  return useMutation({ mutationFn: verifyDocument });
}
