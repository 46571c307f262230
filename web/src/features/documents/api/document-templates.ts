import type { TDocumentKind, TDocumentTemplate } from '@portal/shared/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

/** GET admin/document-templates/: every template, newest first, with the one each kind uses. */
export function getDocumentTemplates(): Promise<TDocumentTemplate[]> {
  return api.get<TDocumentTemplate[]>('/api/admin/document-templates/');
}

export function useDocumentTemplates() {
  return useQuery({ queryKey: documentKeys.templates, queryFn: getDocumentTemplates });
}

/** POST admin/document-templates/ (multipart: kind, file): the PDF replaces the kind's text for new requests. */
export function uploadDocumentTemplate({
  kind,
  file,
}: {
  kind: TDocumentKind;
  file: File;
}): Promise<TDocumentTemplate> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return api.post<TDocumentTemplate>('/api/admin/document-templates/', form);
}

export function useUploadDocumentTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocumentTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.templates }),
  });
}
