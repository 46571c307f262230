import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ZPasswordResetRequest } from '@portal/shared/auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(ZPasswordResetRequest, { email: '' });
  const reset = useRequestPasswordReset();
  // Part 1 §8: the server's answer goes in a modal, whether or not the call succeeded.
  const [message, setMessage] = useState<string | null>(null);

  return (
    <AuthCard title="Forgot Password">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          reset.mutate(values, {
            onSuccess: (result) => setMessage(result.message),
            onError: (error) => {
              setServerErrors(form, error);
              setMessage(errorMessage(error));
            },
          }),
        )}
      >
        <Stack>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" loading={reset.isPending}>
            Reset Password
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Back to Admin Login
          </Anchor>
        </Stack>
      </form>
      <Modal opened={message !== null} onClose={() => setMessage(null)} title="Reset Password" centered>
        <Text>{message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => navigate('/')}>Login Page</Button>
          <Button variant="default" onClick={() => setMessage(null)}>
            Close
          </Button>
        </Group>
      </Modal>
    </AuthCard>
  );
}
