import type { TPatientTimeline } from '@portal/shared/timeline';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientKeys } from './patient-keys.ts';

/** A patient's stage and every event of its record, oldest first. */
export function usePatientTimeline(id: number) {
  return useQuery({
    queryKey: [...patientKeys.detail(id), 'timeline'],
    queryFn: () => api.get<TPatientTimeline>(`/api/v1/patients/${id}/timeline/`),
  });
}
