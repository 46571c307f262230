import type {
  TPatientCreate,
  TPatientDetail,
  TPatientUpdate,
  ZPatientCreateResponse,
} from '@portal/shared/patients';
import { TEXT } from '@portal/shared/ui-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { patientKeys } from './patient-keys.ts';

type CreatePatientResponse = z.infer<typeof ZPatientCreateResponse>;

/** "Add Patient" (admins and harvest centers); the patient chooses a password through a mail. */
export function createPatient(body: TPatientCreate): Promise<CreatePatientResponse> {
  return api.post<CreatePatientResponse>('/api/v1/patients/', body);
}

export function updatePatient(id: number, body: TPatientUpdate): Promise<TPatientDetail> {
  return api.patch<TPatientDetail>(`/api/v1/patients/${id}/`, body);
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
    },
    // Part 1 §8: create calls show the server's message.
    onError: (error) => notifyError(errorMessage(error)),
  });
}

export function useUpdatePatient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPatientUpdate) => updatePatient(id, body),
    onSuccess: async (patient) => {
      notifySuccess(TEXT.patientUpdated);
      queryClient.setQueryData(patientKeys.detail(id), patient);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
    },
    // Part 1 §8: a failed patient update reads 'Looks like something went wrong'; the fields show why.
    onError: () => notifyError(TEXT.somethingWrong),
  });
}
