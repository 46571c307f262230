import type {
  TServerStep,
  TServerStepResult,
  TWhiteLabelAdminBody,
  TWhiteLabelDomain,
  TWhiteLabelDomainBody,
} from '@portal/shared/white-label';
import { WHITE_LABEL_LOGO_FIELD } from '@portal/shared/white-label';
import { api } from '../../../lib/api-client.ts';

export const WHITE_LABEL_KEYS = { list: ['white-label-domains'] as const };

export function createDomain(body: TWhiteLabelDomainBody) {
  return api.post<{ message: string; id: number; url: string }>('/domain/white-label/', body);
}

export function createDomainAdmin(body: TWhiteLabelAdminBody) {
  return api.post<{ message: string; id: number; email: string }>('/domain/white-label/admin/', body);
}

export function saveDomainConfig(fields: Record<string, string>, logo: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(WHITE_LABEL_LOGO_FIELD, logo);
  return api.post<{ message: string; domain: TWhiteLabelDomain }>('/domain/white-label/config/', form);
}

export function runServerStep(id: number, step: TServerStep) {
  return api.post<TServerStepResult>(`/domain/server-config/${id}/${step}/`);
}

export function listDomains() {
  return api.get<{ message: string; results: TWhiteLabelDomain[] }>('/domain/list/');
}
