import type { TVialRecordCreate, TVialRecordUpdate, TVialWriteResponse } from '@portal/shared/vials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { vialsHistoryKey } from './get-vials-history.ts';

export function createVialRecord(body: TVialRecordCreate): Promise<TVialWriteResponse> {
  return api.post<TVialWriteResponse>('/api/v1/vials-history/', body);
}

export function updateVialRecord(id: number, body: TVialRecordUpdate): Promise<TVialWriteResponse> {
  return api.patch<TVialWriteResponse>(`/api/v1/vials-history/${id}/`, body);
}

export type SaveVialRecordInput =
  | { kind: 'create'; body: TVialRecordCreate }
  | { kind: 'update'; id: number; body: TVialRecordUpdate };

/**
 * Adds or edits a vial record of `patientId`. The totals move on the server in the same transaction,
 * so afterwards the patient's records and every patient list showing its totals are read again.
 */
export function useSaveVialRecord(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveVialRecordInput) =>
      input.kind === 'create' ? createVialRecord(input.body) : updateVialRecord(input.id, input.body),
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vialsHistoryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: ['patients'] }),
      ]);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
}
