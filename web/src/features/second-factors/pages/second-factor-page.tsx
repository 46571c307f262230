import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import {
  SECOND_FACTOR_TEXTS,
  type TCompleteSignIn,
  type TSecondFactorMethod,
  ZRecoveryCode,
  ZTotpCode,
} from '@portal/shared/second-factors';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { getPendingSignIn } from '../../../lib/pending-sign-in.ts';
import { takeRedirectMarker } from '../../../lib/session.ts';
import { canUsePasskeys, passkeyErrorMessage } from '../../../lib/webauthn.ts';
import {
  abandonSignIn,
  finishWithPasskey,
  finishWithRecoveryCode,
  finishWithTotp,
  keepSignIn,
} from '../api/sign-in-steps.ts';

const SWITCH_LABELS: Record<TSecondFactorMethod, string> = {
  passkey: 'Use a passkey instead',
  totp: 'Use your authenticator app instead',
  recovery_code: SECOND_FACTOR_TEXTS.useRecoveryCode,
};

/** /sign-in/verify: the second step after a right password (docs/decisions/031). */
export function SecondFactorPage() {
  const navigate = useNavigate();
  const [pending] = useState(getPendingSignIn);
  const methods = (pending?.methods ?? []).filter((method) => method !== 'passkey' || canUsePasskeys());
  const [method, setMethod] = useState<TSecondFactorMethod | undefined>(methods[0]);

  if (pending?.stage !== 'second_factor') return <Navigate to="/" replace />;
  const token = pending.token;
  const done = (signIn: TCompleteSignIn) => {
    keepSignIn(signIn);
    navigate(takeRedirectMarker() ?? '/dashboard', { replace: true });
  };
  const startOver = async () => {
    await abandonSignIn(token);
    navigate('/', { replace: true });
  };

  return (
    <AuthCard title="Confirm it is you">
      <Stack>
        {method === 'passkey' && <PasskeyStep token={token} onDone={done} />}
        {method === 'totp' && (
          <CodeStep
            label={SECOND_FACTOR_TEXTS.enterCode}
            schema={ZTotpCode}
            numeric
            submit={(code) => finishWithTotp(token, code)}
            onDone={done}
          />
        )}
        {method === 'recovery_code' && (
          <CodeStep
            label="Recovery code"
            description="One of the codes you saved when you set up your second factor. Each works once."
            schema={ZRecoveryCode}
            submit={(code) => finishWithRecoveryCode(token, code)}
            onDone={done}
          />
        )}
        {method === undefined && (
          <Alert color="yellow">
            This account has no second factor that works here. Ask your administrator to reset your sign-in
            factors.
          </Alert>
        )}
        <Stack gap={4} align="center">
          {methods
            .filter((other) => other !== method)
            .map((other) => (
              <Anchor key={other} component="button" type="button" size="sm" onClick={() => setMethod(other)}>
                {SWITCH_LABELS[other]}
              </Anchor>
            ))}
          <Anchor component="button" type="button" size="sm" onClick={() => void startOver()}>
            Cancel and sign in again
          </Anchor>
        </Stack>
        <Text size="sm" c="dimmed" ta="center">
          Lost your device and your recovery codes? Your administrator can reset your sign-in factors.
        </Text>
      </Stack>
    </AuthCard>
  );
}

function PasskeyStep({ token, onDone }: { token: string; onDone: (signIn: TCompleteSignIn) => void }) {
  const step = useMutation({ mutationFn: () => finishWithPasskey(token), onSuccess: onDone });
  return (
    <Stack>
      <Text>
        {SECOND_FACTOR_TEXTS.usePasskey}: your device asks for your fingerprint, face, screen lock or security
        key.
      </Text>
      {step.isError && (
        <Alert color="red" role="alert">
          {passkeyErrorMessage(step.error) ?? errorMessage(step.error)}
        </Alert>
      )}
      <Button loading={step.isPending} onClick={() => step.mutate()}>
        {SECOND_FACTOR_TEXTS.usePasskey}
      </Button>
    </Stack>
  );
}

function CodeStep(props: {
  label: string;
  description?: string;
  schema: z.ZodType<string, string>;
  numeric?: boolean;
  submit: (code: string) => Promise<TCompleteSignIn>;
  onDone: (signIn: TCompleteSignIn) => void;
}) {
  const form = useSchemaForm(z.object({ code: props.schema }), { code: '' });
  const step = useMutation({ mutationFn: props.submit, onSuccess: props.onDone });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        step.mutate(String(values.code), { onError: (error) => setServerErrors(form, error) }),
      )}
    >
      <Stack>
        <TextInput
          label={props.label}
          description={props.description}
          autoComplete="one-time-code"
          inputMode={props.numeric ? 'numeric' : 'text'}
          data-autofocus
          {...form.getInputProps('code')}
        />
        <FormAlert error={step.error} form={form} />
        <Button type="submit" loading={step.isPending}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
