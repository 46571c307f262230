import type { ZMessage, ZPasswordResetConfirm } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export function confirmPasswordReset(body: z.input<typeof ZPasswordResetConfirm>) {
  return api.post<z.infer<typeof ZMessage>>('/api/v1/users/reset-password/confirm/', body, {
    anonymous: true,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
