import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_UNCONFIRMED_CODE, LOGIN_PAGE_TEXTS, ZLoginBody } from '@portal/shared/auth';
import { TIMING } from '@portal/shared/ui-constants';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { PENDING_STEP_PATHS } from '../../../lib/pending-sign-in.ts';
import {
  hasStoredSession,
  REDIRECT_OWNER_PARAM,
  SESSION_EXPIRED_PARAM,
  setRedirectMarker,
  takeRedirectMarker,
} from '../../../lib/session.ts';
import { useLogin, usePasskeyLogin, useSignInOptions } from '../api/login.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';

/** Whether this browser can use passkeys (the WebAuthn library itself loads only when one is used). */
const passkeysWork = () => typeof window.PublicKeyCredential === 'function';

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Read once: after a successful login the session is stored too, and the page must still wait its second.
  const [alreadySignedIn] = useState(hasStoredSession);
  const [signedIn, setSignedIn] = useState(false);
  const form = useSchemaForm(ZLoginBody, { email: '', password: '' });
  const login = useLogin();
  const passkeyLogin = usePasskeyLogin();
  const signInOptions = useSignInOptions();
  const resend = useResendConfirmation();
  const isUnconfirmed = login.error instanceof ApiError && login.error.code === EMAIL_UNCONFIRMED_CODE;

  const redirect = searchParams.get('redirect');
  const expired = searchParams.get(SESSION_EXPIRED_PARAM) === '1';
  const redirectOwner = Number(searchParams.get(REDIRECT_OWNER_PARAM)) || null;
  useEffect(() => {
    if (redirect && !alreadySignedIn) setRedirectMarker(redirect, redirectOwner);
  }, [redirect, redirectOwner, alreadySignedIn]);

  useEffect(() => {
    if (!signedIn) return;
    // Part 1 §4: the success message stays in view for a moment before the dashboard.
    const timer = setTimeout(
      () => navigate(takeRedirectMarker() ?? '/dashboard', { replace: true }),
      TIMING.postLoginRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  if (alreadySignedIn) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard title="Admin Login">
      <form
        onSubmit={form.onSubmit((values) => {
          resend.reset();
          passkeyLogin.reset();
          login.mutate(values, {
            // A second factor, or setting one up, may be owed first (docs/decisions/031).
            onSuccess: (answer) =>
              answer.stage === 'complete' ? setSignedIn(true) : navigate(PENDING_STEP_PATHS[answer.stage]),
            onError: (error) => setServerErrors(form, error),
          });
        })}
      >
        <Stack>
          {expired && !signedIn && (
            <Alert color="yellow" title="Your session has expired">
              Please sign in again; you will return to the page you were on.
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          {isUnconfirmed ? (
            <Alert color="yellow" role="alert" title="Confirm your e-mail address">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(login.error)}</Text>
                {resend.isSuccess ? (
                  <Text size="sm" role="status">
                    {resend.data.message}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="default"
                    loading={resend.isPending}
                    onClick={() => resend.mutate(form.values.email)}
                  >
                    Send the link again
                  </Button>
                )}
              </Stack>
            </Alert>
          ) : (
            <FormAlert error={login.error} form={form} />
          )}
          <Button type="submit" loading={login.isPending} disabled={signedIn}>
            Login
          </Button>
          {passkeysWork() && (
            <>
              <Button
                variant="default"
                loading={passkeyLogin.isPending}
                disabled={signedIn}
                onClick={() => {
                  login.reset();
                  passkeyLogin.mutate(undefined, { onSuccess: () => setSignedIn(true) });
                }}
              >
                {LOGIN_PAGE_TEXTS.signInWithPasskey}
              </Button>
              {passkeyLogin.isError && (
                <Alert color="red" role="alert">
                  {passkeyLogin.error.message}
                </Alert>
              )}
            </>
          )}
          {signInOptions.data?.demo_accounts && (
            <Text size="sm" c="dimmed" ta="center">
              {LOGIN_PAGE_TEXTS.demoNote}
            </Text>
          )}
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Forgot Password?
          </Anchor>
        </Stack>
      </form>
      {/* Anyone holding a signed agreement can check it here, without an account. */}
      <Text component="footer" size="sm" ta="center" mt="lg" c="dimmed">
        {'Received a signed document? '}
        <Anchor component={Link} to="/verify-document" size="sm">
          Verify a document
        </Anchor>
      </Text>
    </AuthCard>
  );
}
