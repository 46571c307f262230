import type { ZMessage, ZPasswordResetRequest } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export function requestPasswordReset(body: z.input<typeof ZPasswordResetRequest>) {
  return api.post<z.infer<typeof ZMessage>>('/api/v1/users/reset-password/', body, { anonymous: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
