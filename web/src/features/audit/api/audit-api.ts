import type { TAccessLogPage, TAuditFilters, TAuditPage } from '@portal/shared/audit';
import { api, download } from '../../../lib/api-client.ts';

export const AUDIT_KEYS = { log: ['audit-log'] as const, access: ['access-log'] as const };

/** Only the filters that are set, as query parameters. */
function params(filters: TAuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

export function listAuditLog(filters: TAuditFilters, page: { limit: number; offset: number }) {
  return api.get<TAuditPage>('/api/admin/audit-log/', { params: { ...params(filters), ...page } });
}

export function exportAuditLog(filters: TAuditFilters) {
  return download('/api/admin/audit-log/export-csv/', { params: params(filters) });
}

export function verifyAuditLog() {
  return api.get<{ ok: boolean; rows: number; chain_seq: number | null; reason: string | null }>(
    '/api/admin/audit-log/verify/',
  );
}

export function listAccessLog(patientId: number, page: { limit: number; offset: number }) {
  return api.get<TAccessLogPage>(`/api/v1/patients/${patientId}/access-log/`, { params: page });
}
