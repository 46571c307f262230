import type { TCenterOption, THarvestCenter } from '@portal/shared/harvest-centers';
import type { TProcessingLab } from '@portal/shared/labs';
import { isAdminMembership } from '@portal/shared/memberships';
import type { TPersonDesc } from '@portal/shared/patients';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A harvest center or referral harvest center the patient form can pick, with the rep it passes on. */
export interface CenterChoice {
  id: number;
  label: string;
  salesRepId: number | null;
  /** The rep's name, where the list gives it. */
  salesRep: TPersonDesc | null;
}

export interface LabChoice {
  id: number;
  label: string;
}

export type CenterKind = 'harvest-center' | 'referral-harvest-center';

/** Lists cap at 500 rows a call; a form's picker needs them whole. */
const MAX_CHOICES = 500;

interface Page<Row> {
  count: number;
  results: Row[];
}

function fromCenter(center: THarvestCenter): CenterChoice {
  const name = `${center.first_name} ${center.last_name}`.trim();
  return {
    id: center.id,
    label: center.company || name || center.email,
    salesRepId: center.saless_rep_id,
    salesRep: center.sales_rep_desc,
  };
}

function fromOption(option: TCenterOption): CenterChoice {
  return { id: option.id, label: option.label, salesRepId: option.saless_rep_id, salesRep: null };
}

/**
 * The centers the caller may pick, as the server scopes them. Admins read the full harvest center list
 * (it names each center's rep); others the option list. Referral centers come with their rep for all.
 */
export async function getCenterChoices(kind: CenterKind, admin: boolean): Promise<CenterChoice[]> {
  const params = { limit: MAX_CHOICES, offset: 0 };
  if (kind === 'referral-harvest-center') {
    const page = await api.get<Page<THarvestCenter>>('/api/v1/referral-harvest-centers/', { params });
    return page.results.map(fromCenter);
  }
  if (admin) {
    const page = await api.get<Page<THarvestCenter>>('/api/admin/harvest-centers/', { params });
    return page.results.map(fromCenter);
  }
  const options = await api.get<TCenterOption[]>('/api/v1/harvest-centers/list-all/', {
    params: { limit: MAX_CHOICES },
  });
  return options.map(fromOption);
}

/** Loaded only when the field can be changed: a locked field shows the patient's own center. */
export function useCenterChoices(kind: CenterKind, membershipId: number, enabled: boolean) {
  const admin = isAdminMembership(membershipId);
  return useQuery({
    queryKey: ['center-choices', kind, admin],
    queryFn: () => getCenterChoices(kind, admin),
    enabled,
    staleTime: 60_000,
  });
}

export async function getLabChoices(): Promise<LabChoice[]> {
  const page = await api.get<Page<TProcessingLab>>('/api/v1/processing-labs/', {
    params: { limit: MAX_CHOICES, offset: 0 },
  });
  return page.results.map((lab) => ({ id: lab.id, label: lab.name }));
}

export function useLabChoices(enabled: boolean) {
  return useQuery({ queryKey: ['lab-choices'], queryFn: getLabChoices, enabled, staleTime: 60_000 });
}
