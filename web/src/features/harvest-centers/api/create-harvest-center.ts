import type { THarvestCenterCreate, ZHarvestCenterCreateResponse } from '@portal/shared/harvest-centers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { centersKey } from './get-centers.ts';

type CreateHarvestCenterResponse = z.infer<typeof ZHarvestCenterCreateResponse>;

/** A new harvest center account (subscription 4); a sales rep's becomes its own. */
export function createHarvestCenter(body: THarvestCenterCreate): Promise<CreateHarvestCenterResponse> {
  return api.post<CreateHarvestCenterResponse>('/api/v1/harvest-centers/', body);
}

export function useCreateHarvestCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHarvestCenter,
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: centersKey });
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
}
