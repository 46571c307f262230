import type { TSendDocumentsBody, TSendDocumentsResponse } from '@portal/shared/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

/** POST v1/documents/send/: the three agreements, mailed to the patient for signing. */
export function sendDocuments(body: TSendDocumentsBody): Promise<TSendDocumentsResponse> {
  return api.post<TSendDocumentsResponse>('/api/v1/documents/send/', body);
}

export function useSendDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDocuments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
