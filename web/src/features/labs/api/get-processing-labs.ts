import type { ZProcessingLabPage } from '@portal/shared/labs';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

type TProcessingLabPage = z.infer<typeof ZProcessingLabPage>;

/** Enough for every lab; the server returns only those the caller may see (one for a lab account). */
const MAX_LABS = 500;

export function getProcessingLabs(): Promise<TProcessingLabPage> {
  return api.get<TProcessingLabPage>('/api/v1/processing-labs/', { params: { limit: MAX_LABS, offset: 0 } });
}

export function useProcessingLabs() {
  return useQuery({ queryKey: ['processing-labs'], queryFn: getProcessingLabs, staleTime: 60_000 });
}
