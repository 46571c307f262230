import type { TMessage } from '@portal/shared/auth';
import type { TDocument } from '@portal/shared/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { documentKeys } from './document-keys.ts';

/** POST v1/utilities/send-patient-sign-email/: a fresh link by mail; older links stop working. */
export function resendSigningMail(document: TDocument): Promise<TMessage> {
  return api.post<TMessage>('/api/v1/utilities/send-patient-sign-email/', {
    user_email: document.patient_email,
    user_name: document.patient_name,
    doc_id: document.document_id,
  });
}

/** PATCH v1/documents/{id}/ with status Voided: cancels a Pending request (its link stops working). */
export function voidDocument(document: TDocument): Promise<TDocument> {
  return api.patch<TDocument>(`/api/v1/documents/${document.id}/`, { status: 'Voided' });
}

/** DELETE v1/documents/{id}/ (admins). */
export function deleteDocument(document: TDocument): Promise<TMessage> {
  return api.delete<TMessage>(`/api/v1/documents/${document.id}/`);
}

export function useResendSigningMail() {
  return useMutation({
    mutationFn: resendSigningMail,
    onSuccess: ({ message }) => notifySuccess(message),
    onError: (error) => notifyError(errorMessage(error)),
  });
}

/** Void and delete: the dialog that asked shows a failure itself; success refreshes every list. */
function useDocumentChange<T>(change: (document: TDocument) => Promise<T>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      notifySuccess(done);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}

export const useVoidDocument = () => useDocumentChange(voidDocument, 'The signing request was cancelled');
export const useDeleteDocument = () => useDocumentChange(deleteDocument, 'The document was deleted');
