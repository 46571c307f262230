import { Alert, Button, Group, Text } from '@mantine/core';
import { useReturnToAccount } from '../features/auth/api/return-to-account.ts';
import { useSession } from '../lib/use-current-user.ts';

/** Shown while an admin impersonates a user, or HC staff act for a harvest center (part 1 §4). */
export function ReturnToAccountBanner() {
  const { data: session } = useSession();
  const back = useReturnToAccount();
  if (!session || (!session.impersonator && !session.staff)) return null;

  const actor = session.impersonator?.email ?? session.staff?.name;
  return (
    <Alert color="yellow" mb="md">
      <Group justify="space-between">
        <Text size="sm">{`You (${actor}) are signed in as ${session.user.email}.`}</Text>
        <Button size="xs" loading={back.isPending} onClick={() => back.mutate()}>
          {session.impersonator ? 'Go back as Super Admin' : 'Go back to your Account'}
        </Button>
      </Group>
    </Alert>
  );
}
