import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { ZPasswordResetConfirm } from '@portal/shared/auth';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';

/** The words of the two pages a mailed password link opens; the server makes the link for one or the other. */
const PASSWORD_LINK_TEXTS = {
  reset: {
    title: 'Reset Password',
    intro: null,
    submit: 'Reset Password',
    incomplete: 'This reset link is incomplete. Please ask for a new one.',
  },
  invitation: {
    title: 'Set your password',
    intro: 'Welcome! Choose the password for your new account.',
    submit: 'Set Password',
    incomplete: 'This invitation link is incomplete. Ask whoever invited you to send it again.',
  },
} as const;

type PasswordLinkPurpose = keyof typeof PASSWORD_LINK_TEXTS;

/**
 * Where a mailed password link lands: `/reset-password?token=…` (a reset) or `/set-password?token=…`
 * (a new account's invitation). Both set the password through the same call.
 */
function PasswordLinkPage({ purpose }: { purpose: PasswordLinkPurpose }) {
  const text = PASSWORD_LINK_TEXTS[purpose];
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useSchemaForm(ZPasswordResetConfirm, { token, password: '', password_confirmation: '' });
  const confirm = useConfirmPasswordReset();

  if (!ZPasswordResetConfirm.shape.token.safeParse(token).success) {
    return (
      <AuthCard title={text.title}>
        <Stack>
          <Alert color="red">{text.incomplete}</Alert>
          {purpose === 'reset' && (
            <Anchor component={Link} to="/forgot-password" ta="center">
              Forgot Password?
            </Anchor>
          )}
        </Stack>
      </AuthCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthCard title={text.title}>
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
    <AuthCard title={text.title}>
      <form
        onSubmit={form.onSubmit((values) =>
          confirm.mutate(values, { onError: (error) => setServerErrors(form, error) }),
        )}
      >
        <Stack>
          {text.intro && <Text>{text.intro}</Text>}
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
          <FormAlert error={confirm.error} form={form} />
          <Button type="submit" loading={confirm.isPending}>
            {text.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  return <PasswordLinkPage purpose="reset" />;
}

export function SetPasswordPage() {
  return <PasswordLinkPage purpose="invitation" />;
}
