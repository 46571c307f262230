import type { TPatient, TPatientPage } from '@portal/shared/patients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** How many of the HC's patients the picker offers for one search. */
const CHOICES = 20;

/** The harvest center's own patients matching a search (GET v1/harvest-centers/{id}/patients/). */
export function usePatientChoices(harvestCenterId: number, search: string) {
  return useQuery<TPatient[]>({
    queryKey: ['documents', 'patient-choices', harvestCenterId, search],
    queryFn: ({ signal }) =>
      api
        .get<TPatientPage>(`/api/v1/harvest-centers/${harvestCenterId}/patients/`, {
          params: { limit: CHOICES, offset: 0, search },
          signal,
        })
        .then((page) => page.results),
    placeholderData: keepPreviousData,
  });
}

export const patientName = (patient: Pick<TPatient, 'first_name' | 'last_name'>) =>
  `${patient.first_name} ${patient.last_name}`.trim();
