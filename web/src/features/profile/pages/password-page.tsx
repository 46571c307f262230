import { Alert, Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { ZUpdateOwnPassword } from '@portal/shared/passwords';
import { useState } from 'react';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession, useSignedInUser } from '../../../lib/use-current-user.ts';
import { useUpdateOwnPassword } from '../api/profile.ts';

/** /password, 'Change Password': the profile flow (current, new, confirmation). */
export function PasswordPage() {
  const me = useSignedInUser();
  const { data: session } = useSession();
  const form = useSchemaForm(ZUpdateOwnPassword, {
    password_current: '',
    password_new: '',
    password_confirmation: '',
  });
  const change = useUpdateOwnPassword();
  // Part 1 §8: the server's answer is shown in a modal whether or not the call succeeded.
  const [answer, setAnswer] = useState<{ message: string; ok: boolean } | null>(null);

  // A password is the account holder's own: a linked session (Login As, staff access) cannot change it.
  if (session?.impersonator || session?.staff) {
    return (
      <Stack>
        <Title order={1}>Change Password</Title>
        <Alert color="yellow">
          You are using this account through another account. Only its holder can change its password; an
          admin can set a new one with Change Password on the Users List.
        </Alert>
      </Stack>
    );
  }

  // Part 1 §5: a mismatch is told at once (the schema's rule, under Confirm Password, as soon as it
  // is left), and nothing is sent; it goes as soon as the two match.
  const submit = form.onSubmit((values) =>
    change.mutate(
      { id: me.id, body: values },
      {
        onSuccess: ({ message }) => {
          form.reset();
          setAnswer({ message, ok: true });
        },
        onError: (error) => {
          setServerErrors(form, error);
          setAnswer({ message: errorMessage(error), ok: false });
        },
      },
    ),
  );

  return (
    <Stack>
      <Title order={1}>Change Password</Title>
      <Card withBorder padding="lg" maw={480}>
        <form noValidate onSubmit={submit}>
          <Stack>
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              {...form.getInputProps('password_current')}
            />
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              {...form.getInputProps('password_new')}
            />
            <PasswordInput
              label="Confirm Password"
              // Required whatever the new password: the schema only says it must match it.
              withAsterisk
              autoComplete="new-password"
              {...form.getInputProps('password_confirmation')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                Change Password
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Modal
        opened={answer !== null}
        onClose={() => setAnswer(null)}
        title={answer?.ok ? 'Password changed' : 'Password not changed'}
        centered
      >
        <Text>{answer?.message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => setAnswer(null)}>Close</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
