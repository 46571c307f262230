import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { ZPasswordResetConfirm } from '@portal/shared/auth';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';

/** Where the password-reset e-mail's link lands: `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useSchemaForm(ZPasswordResetConfirm, { token, password: '', password_confirmation: '' });
  const confirm = useConfirmPasswordReset();

  if (!ZPasswordResetConfirm.shape.token.safeParse(token).success) {
    return (
      <AuthCard title="Reset Password">
        <Stack>
          <Alert color="red">This reset link is incomplete. Please ask for a new one.</Alert>
          <Anchor component={Link} to="/forgot-password" ta="center">
            Forgot Password?
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthCard title="Reset Password">
        <Stack>
          <Text>{confirm.data.message}</Text>
          <Button component={Link} to="/">
            Login Page
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      <form
        onSubmit={form.onSubmit((values) =>
          confirm.mutate(values, { onError: (error) => setServerErrors(form, error) }),
        )}
      >
        <Stack>
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation')}
          />
          <FormAlert error={confirm.error} />
          <Button type="submit" loading={confirm.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
