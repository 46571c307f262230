import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { confirmEmail } from '../api/sign-up-api.ts';

/** /confirm-email?token=: where the welcome mail of a new sign-up leads. */
export function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const confirmation = useQuery({
    queryKey: ['sign-up', 'confirm-email', token],
    queryFn: () => confirmEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  return (
    <AuthCard title="Confirm Email">
      <Stack>
        {token === '' ? (
          <Alert color="red" role="alert">
            This confirmation link is incomplete. Open the link of your welcome e-mail again.
          </Alert>
        ) : confirmation.isPending ? (
          <Center>
            <Loader aria-label="Confirming" />
          </Center>
        ) : confirmation.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(confirmation.error)}
          </Alert>
        ) : (
          <Text role="status">{confirmation.data.message}</Text>
        )}
        <Button component={Link} to="/">
          Login Page
        </Button>
      </Stack>
    </AuthCard>
  );
}
