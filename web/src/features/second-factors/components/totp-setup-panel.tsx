import { Button, Code, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  SECOND_FACTOR_TEXTS,
  type TFactorAdded,
  type TTotpSetup,
  ZTotpCode,
} from '@portal/shared/second-factors';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { confirmTotp, startTotpSetup, useFactorsMutation } from '../api/factors.ts';
import { withPassword } from './reauthentication.ts';

/** The key in groups of four, as authenticator apps show a key typed in by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: a QR code (drawn by the server) and its key for typing in, then
 * the first code, which proves the app has it.
 */
export function TotpSetupPanel(props: {
  /** A pending sign-in's token (enrolment); the stored session otherwise. */
  token?: string;
  askPassword: boolean;
  onAdded: (result: TFactorAdded) => void;
}) {
  const [setup, setSetup] = useState<TTotpSetup | null>(null);
  const start = useMutation({ mutationFn: startTotpSetup });
  const confirm = useFactorsMutation(confirmTotp);
  const startForm = useSchemaForm(withPassword({}, props.askPassword), { current_password: '' });
  const codeForm = useSchemaForm(z.object({ code: ZTotpCode }), { code: '' });

  if (!setup) {
    return (
      <form
        noValidate
        onSubmit={startForm.onSubmit((values) =>
          start.mutate(
            { token: props.token, currentPassword: values.current_password || undefined },
            { onSuccess: setSetup, onError: (error) => setServerErrors(startForm, error) },
          ),
        )}
      >
        <Stack>
          <Text size="sm">
            Use an app such as Google Authenticator, Microsoft Authenticator or 1Password: it shows a new
            6-digit code every 30 seconds.
          </Text>
          {props.askPassword && (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              {...startForm.getInputProps('current_password')}
            />
          )}
          <FormAlert error={start.error} form={startForm} />
          <Button type="submit" variant="default" loading={start.isPending}>
            Set up an authenticator app
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={codeForm.onSubmit((values) =>
        confirm.mutate(
          { token: props.token, code: String(values.code) },
          { onSuccess: props.onAdded, onError: (error) => setServerErrors(codeForm, error) },
        ),
      )}
    >
      <Stack>
        <Text size="sm">Scan this QR code with your authenticator app:</Text>
        <Image
          src={setup.qr_code}
          alt="QR code to add this account to your authenticator app"
          w={200}
          h={200}
          bg="white"
        />
        <Text size="sm">
          {"Can't scan it? Enter this key in the app: "}
          <Code>{grouped(setup.secret)}</Code>
        </Text>
        <TextInput
          label={SECOND_FACTOR_TEXTS.enterCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          {...codeForm.getInputProps('code')}
        />
        <FormAlert error={confirm.error} form={codeForm} />
        <Button type="submit" loading={confirm.isPending}>
          Confirm the code
        </Button>
      </Stack>
    </form>
  );
}
