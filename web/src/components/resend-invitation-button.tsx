import { Button } from '@mantine/core';
import type { TMessage } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api-client.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

export const resendInvitation = (userId: number) =>
  api.post<TMessage>(`/api/v1/users/${userId}/resend-invitation/`);

/** Sends a new account its "set your password" mail again; the server says who may, and when not. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: ({ message }) => notifySuccess(message),
    onError: (error) => notifyError(errorMessage(error)),
  });
}

/** The row action of the lists that hold new accounts (admin users, an HC's patients and staff). */
export function ResendInvitationButton({ userId, label }: { userId: number; label: string }) {
  const resend = useResendInvitation();
  return (
    <Button
      size="xs"
      variant="default"
      loading={resend.isPending}
      aria-label={`Resend invitation to ${label}`}
      onClick={() => resend.mutate(userId)}
    >
      Resend Invitation
    </Button>
  );
}
