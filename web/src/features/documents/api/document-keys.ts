/**
 * Query keys of document data. Everything starts with 'documents', so a change (a request sent, a
 * document signed, voided or deleted) refreshes every list showing documents with one invalidation.
 */
export const documentKeys = {
  all: ['documents'] as const,
  patient: (patientId: number) => ['documents', 'patient', patientId] as const,
  list: (path: string, params: Record<string, unknown>) => ['documents', 'list', path, params] as const,
  templates: ['documents', 'templates'] as const,
};
