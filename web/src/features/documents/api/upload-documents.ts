import type {
  TProcessFileResponse,
  TUploadDocumentsBody,
  ZUploadDocumentsResponse,
} from '@portal/shared/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

type UploadDocumentsResponse = z.infer<typeof ZUploadDocumentsResponse>;

/** POST v1/documents/process-file/ (multipart: file, filename): stages one PDF; answers its key. */
export function processFile(file: File): Promise<TProcessFileResponse> {
  const form = new FormData();
  form.append('filename', file.name);
  form.append('file', file);
  return api.post<TProcessFileResponse>('/api/v1/documents/process-file/', form);
}

/** POST v1/documents/upload/: the staged PDFs become the patient's Completed (uploaded) agreements. */
export function uploadDocuments(body: TUploadDocumentsBody): Promise<UploadDocumentsResponse> {
  return api.post<UploadDocumentsResponse>('/api/v1/documents/upload/', body);
}

export function useProcessFile() {
  return useMutation({ mutationFn: processFile });
}

export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
