/**
 * Query keys of patient data. Everything starts with 'patients', so a write (a patient saved, a vial
 * record added) refreshes every list and form showing patients with one invalidation.
 */
export const patientKeys = {
  all: ['patients'] as const,
  list: (path: string, params: Record<string, unknown>) => ['patients', 'list', path, params] as const,
  detail: (id: number) => ['patients', 'detail', id] as const,
};
