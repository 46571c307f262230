import type { ZMessage } from '@portal/shared/auth';
import type { ZContactBody } from '@portal/shared/contact';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The server mails it to support (reply-to the sender) through its outbox. */
export function sendContactMessage(body: z.input<typeof ZContactBody>) {
  return api.post<z.infer<typeof ZMessage>>('/api/v1/utilities/contact/', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
