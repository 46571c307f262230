import {
  DOCUMENT_KINDS,
  type TDocument,
  type TDocumentKind,
  type TPatientDocumentsResponse,
} from '@portal/shared/documents';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

/** GET v1/documents/list/{patient id}/: the newest document of each kind. */
export function getPatientDocuments(patientId: number): Promise<TPatientDocumentsResponse> {
  return api.get<TPatientDocumentsResponse>(`/api/v1/documents/list/${patientId}/`);
}

export function usePatientDocuments(patientId: number) {
  return useQuery({
    queryKey: documentKeys.patient(patientId),
    queryFn: () => getPatientDocuments(patientId),
  });
}

/** One row per kind, in the order of part 1 §3, with null where the patient has none yet. */
export interface PatientDocumentRow {
  kind: TDocumentKind;
  document: TDocument | null;
}

export function patientDocumentRows(response: TPatientDocumentsResponse | undefined): PatientDocumentRow[] {
  if (!response) return [];
  return DOCUMENT_KINDS.map((kind) => ({ kind, document: response[kind] }));
}
