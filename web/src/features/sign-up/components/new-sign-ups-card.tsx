import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TNewSignUp } from '@portal/shared/sign-up';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryLoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deactivateAccount, listNewSignUps, SIGN_UP_KEYS } from '../api/sign-up-api.ts';

/** The newest sign-ups the card lists; the Users List has every account. */
const NEWEST = 5;

function SignUpItem({
  signUp,
  onDeactivate,
  deactivating,
}: {
  signUp: TNewSignUp;
  onDeactivate: () => void;
  deactivating: boolean;
}) {
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {signUp.name} · {signUp.role}
        </Text>
        <Text size="xs" c="dimmed">
          {signUp.email} · {formatDate(signUp.date_joined)}
          {signUp.linked_to ? ` · through ${signUp.linked_to}` : ''}
        </Text>
      </Stack>
      <Group gap="xs">
        <Badge variant="light" color={signUp.email_confirmed ? 'green' : 'yellow'}>
          {signUp.email_confirmed ? 'E-mail confirmed' : 'Not confirmed'}
        </Badge>
        {signUp.is_active ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Deactivate ${signUp.name}`}
            loading={deactivating}
            onClick={onDeactivate}
          >
            Deactivate
          </Button>
        ) : (
          <Badge variant="light" color="gray">
            Inactive
          </Badge>
        )}
      </Group>
    </Group>
  );
}

/** The newest sign-ups; the card shows nothing until they are in (or when there are none). */
export function useNewSignUps() {
  return useQuery({
    queryKey: SIGN_UP_KEYS.newSignUps,
    queryFn: () => listNewSignUps({ limit: NEWEST, offset: 0 }),
  });
}

/**
 * The admin dashboard's "New sign-ups": the newest accounts made through a public form, as what,
 * through which rep or center, and whether the e-mail is confirmed; Deactivate stops one in one
 * click. A short list, not a second table: the dashboard's table is the Users List.
 */
export function NewSignUpsCard() {
  const queryClient = useQueryClient();
  const signUps = useNewSignUps();
  const deactivate = useMutation({
    mutationFn: (row: TNewSignUp) => deactivateAccount(row.id),
    onSuccess: (result) => {
      notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: SIGN_UP_KEYS.newSignUps });
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  if (signUps.isPending || signUps.data?.count === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="new-sign-ups-title">
      <Stack gap="sm">
        <Title order={2} id="new-sign-ups-title">
          New sign-ups
        </Title>
        {signUps.isError ? (
          <QueryLoadError query={signUps} what="the new sign-ups" />
        ) : (
          <>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {signUps.data.results.map((signUp) => (
                <SignUpItem
                  key={signUp.id}
                  signUp={signUp}
                  deactivating={deactivate.isPending && deactivate.variables?.id === signUp.id}
                  onDeactivate={() => deactivate.mutate(signUp)}
                />
              ))}
            </Stack>
            {signUps.data.count > NEWEST && (
              <Text size="xs" c="dimmed">
                The {NEWEST} newest of {signUps.data.count} sign-ups.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
