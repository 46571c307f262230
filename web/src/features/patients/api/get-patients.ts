import type { TLabStage, TPatientPage } from '@portal/shared/patients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';
import { patientKeys } from './patient-keys.ts';

/**
 * The patient lists of the API (part 1 §7). Each answers `{count, results}` for `limit`/`offset`
 * and a `search`; the server keeps each caller to the patients it may see.
 */
export const PATIENT_LISTS = {
  /** Patients the caller may see: all for admins, its own for a rep. */
  visible: () => '/api/v1/users/patient/list/',
  harvestCenter: (hcId: number) => `/api/v1/harvest-centers/${hcId}/patients/`,
  /** Patients that came to an HC through its referral harvest centers. */
  harvestCenterReferrals: (hcId: number) => `/api/v1/harvest-centers/${hcId}/referral-patients/`,
  referralHarvestCenter: (rhcId: number) => `/api/v1/harvest-centers/referral/${rhcId}/patients/`,
  salesManagerTeam: (managerId: number) => `/api/v1/sales-managers/${managerId}/patients/`,
  salesDistributorTeam: (distributorId: number) => `/api/v1/sales-distributors/${distributorId}/patients/`,
  labHarvestCenter: (labId: number, hcId: number) =>
    `/api/v1/processing-labs/${labId}/harvestcenter/${hcId}/patients/`,
};

export interface PatientPageQuery {
  page: number;
  pageSize: number;
  search: string;
  /** Only patients at this lab stage (the dashboards' cards open lists filtered so). */
  stage?: TLabStage | null;
}

export function getPatients(path: string, query: PatientPageQuery): Promise<TPatientPage> {
  return api.get<TPatientPage>(path, {
    params: {
      ...pageParams(query.page, query.pageSize),
      search: query.search,
      lab_stage: query.stage ?? undefined,
    },
  });
}

export function usePatients(path: string, query: PatientPageQuery) {
  return useQuery({
    queryKey: patientKeys.list(path, { ...query }),
    queryFn: () => getPatients(path, query),
    placeholderData: keepPreviousData,
  });
}
