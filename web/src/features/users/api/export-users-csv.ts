import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/api-client.ts';
import { filterParams, type UserListFilters } from './get-users.ts';

/** The CSV of every user matching the list's current filters (the server streams it). */
export function exportUsersCsv(filters: UserListFilters) {
  return download('/api/admin/users/export-csv/', { params: filterParams(filters) });
}

export function useExportUsersCsv() {
  return useMutation({ mutationFn: exportUsersCsv });
}
