import type { TPatientDetail } from '@portal/shared/patients';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientKeys } from './patient-keys.ts';

/** One patient with what the caller may change (`editable_fields`, `can_edit_vials`). */
export function getPatient(id: number): Promise<TPatientDetail> {
  return api.get<TPatientDetail>(`/api/v1/patients/${id}/`);
}

export function usePatient(id: number | null) {
  return useQuery({
    queryKey: patientKeys.detail(id ?? 0),
    queryFn: () => getPatient(id ?? 0),
    enabled: id !== null,
  });
}
