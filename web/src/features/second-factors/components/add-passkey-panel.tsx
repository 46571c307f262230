import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type TFactorAdded, ZPasskeyName } from '@portal/shared/second-factors';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { canUsePasskeys, passkeyErrorMessage } from '../../../lib/webauthn.ts';
import { addPasskey, useFactorsMutation } from '../api/factors.ts';
import { withPassword } from './reauthentication.ts';

/** Adding a passkey: named by its holder ("Work laptop"), made by the browser and checked by the server. */
export function AddPasskeyPanel(props: {
  token?: string;
  askPassword: boolean;
  onAdded: (result: TFactorAdded) => void;
}) {
  const add = useFactorsMutation(addPasskey);
  const form = useSchemaForm(withPassword({ name: ZPasskeyName }, props.askPassword), {
    name: '',
    current_password: '',
  });
  if (!canUsePasskeys()) {
    return (
      <Alert color="yellow">This browser cannot use passkeys. Set up an authenticator app instead.</Alert>
    );
  }
  const browserRefusal = add.isError ? passkeyErrorMessage(add.error) : null;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        add.mutate(
          {
            token: props.token,
            name: String(values.name),
            currentPassword: values.current_password || undefined,
          },
          { onSuccess: props.onAdded, onError: (error) => setServerErrors(form, error) },
        ),
      )}
    >
      <Stack>
        <Text size="sm">
          A passkey signs you in with this device's fingerprint, face or screen lock, or with a security key.
        </Text>
        <TextInput
          label="Passkey name"
          description='So you can tell your passkeys apart, such as "Work laptop"'
          {...form.getInputProps('name')}
        />
        {props.askPassword && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
        )}
        {browserRefusal ? (
          <Alert color="red" role="alert">
            {browserRefusal}
          </Alert>
        ) : (
          <FormAlert error={add.error} form={form} />
        )}
        <Button type="submit" loading={add.isPending}>
          Add a passkey
        </Button>
      </Stack>
    </form>
  );
}
