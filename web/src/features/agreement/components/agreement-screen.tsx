import { Button, Center, Checkbox, Group, Paper, ScrollArea, Stack, Title } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useAcceptAgreement } from '../api/accept-agreement.ts';
import { AgreementText } from './agreement-text.tsx';

/** The agreement, its checkbox and Continue (disabled until ticked). */
export function AgreementScreen({ user }: { user: TSessionUser }) {
  const [tickedAt, setTickedAt] = useState<Date | null>(null);
  const accept = useAcceptAgreement();

  return (
    <Center py="lg">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={720} w="100%">
        <Stack>
          <Title order={1}>Private Membership Agreement</Title>
          {/* A box that scrolls is reached with the keyboard too: a Tab stop, named for what it holds. */}
          <ScrollArea.Autosize
            mah="50vh"
            type="auto"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Agreement text' }}
          >
            <Stack gap="sm" pr="sm">
              <AgreementText />
            </Stack>
          </ScrollArea.Autosize>
          <Checkbox
            label="I have read and accept the Private Membership Agreement"
            checked={tickedAt !== null}
            onChange={(event) => setTickedAt(event.currentTarget.checked ? new Date() : null)}
          />
          <Group justify="flex-end">
            <Button
              disabled={tickedAt === null}
              loading={accept.isPending}
              onClick={() =>
                tickedAt &&
                accept.mutate(
                  { userId: user.id, tickedAt },
                  { onError: (error) => notifyError(errorMessage(error)) },
                )
              }
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
