import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  SECOND_FACTOR_TEXTS,
  type TFactorAdded,
  type TPasskey,
  ZPasskeyName,
} from '@portal/shared/second-factors';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table.tsx';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { failureOf, LoadError } from '../../../components/load-error.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/use-current-user.ts';
import {
  removePasskey,
  removeTotp,
  renamePasskey,
  renewRecoveryCodes,
  useFactors,
  useFactorsMutation,
} from '../api/factors.ts';
import { AddPasskeyPanel } from '../components/add-passkey-panel.tsx';
import { currentPasswordField } from '../components/reauthentication.ts';
import { RecoveryCodesPanel } from '../components/recovery-codes-panel.tsx';
import { TotpSetupPanel } from '../components/totp-setup-panel.tsx';

type Dialog =
  | { kind: 'add-passkey' }
  | { kind: 'set-up-app' }
  | { kind: 'rename'; passkey: TPasskey }
  | { kind: 'remove-passkey'; passkey: TPasskey }
  | { kind: 'remove-app' }
  | { kind: 'renew-codes' }
  | { kind: 'codes'; codes: string[] };

/**
 * /security, 'Sign-in Security': the holder's passkeys, authenticator app and recovery codes
 * (docs/decisions/031). Every change asks for the password again; none is possible through Login As
 * or "Access to this HC".
 */
export function SignInSecurityPage() {
  const { data: session } = useSession();
  const factors = useFactors();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const afterAdded = (result: TFactorAdded) => {
    notifySuccess(result.message);
    setDialog(result.recovery_codes ? { kind: 'codes', codes: result.recovery_codes } : null);
  };

  if (session?.impersonator || session?.staff) {
    return (
      <Stack>
        <Title order={1}>{SECOND_FACTOR_TEXTS.pageTitle}</Title>
        <Alert color="yellow">
          You are using this account through another account. Only its holder, signed in as themselves, can
          change how it signs in; an admin can reset its sign-in factors on the Users List.
        </Alert>
      </Stack>
    );
  }

  const data = factors.data;
  const hasFactor = data ? data.passkeys.length > 0 || data.totp.enabled : false;
  return (
    <Stack>
      <Title order={1}>{SECOND_FACTOR_TEXTS.pageTitle}</Title>
      <Text>
        A second factor keeps your account safe if your password is ever guessed or stolen: besides the
        password, signing in then needs a passkey or a code from your authenticator app.
      </Text>
      {factors.isError && <LoadError failure={failureOf(factors)!} what="your sign-in factors" />}
      {factors.isPending && <Loader aria-label="Loading your sign-in factors" />}
      {data && (
        <>
          {data.required && (
            <Alert color="blue">
              Your account type must have a second factor: you can change it, but not remove the last one.
            </Alert>
          )}
          {!hasFactor && !data.required && (
            <Alert color="yellow">
              Your account signs in with its password alone. Add a passkey or an authenticator app.
            </Alert>
          )}
          <Section title="Passkeys">
            <DataTable
              columns={[
                { key: 'name', header: 'Name', render: (key: TPasskey) => key.name },
                { key: 'added', header: 'Added', render: (key: TPasskey) => formatDate(key.created_at) },
                {
                  key: 'used',
                  header: 'Last used',
                  render: (key: TPasskey) =>
                    key.last_used_at ? formatDateTime(key.last_used_at) : 'Not yet',
                },
                {
                  key: 'notes',
                  header: 'Notes',
                  render: (key: TPasskey) => (
                    <Group gap={4}>
                      {key.backed_up && <Badge variant="light">Synced</Badge>}
                      {key.other_address && (
                        <Badge variant="light" color="gray">
                          Other address
                        </Badge>
                      )}
                    </Group>
                  ),
                },
                {
                  key: 'actions',
                  header: 'Actions',
                  render: (key: TPasskey) => (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Rename ${key.name}`}
                        onClick={() => setDialog({ kind: 'rename', passkey: key })}
                      >
                        Rename
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={`Remove ${key.name}`}
                        onClick={() => setDialog({ kind: 'remove-passkey', passkey: key })}
                      >
                        Remove
                      </Button>
                    </Group>
                  ),
                },
              ]}
              rows={data.passkeys}
              rowKey={(key) => key.id}
              pageSize={10}
              emptyHint="No passkeys yet. Add one to sign in with this device's fingerprint, face or screen lock."
            />
            <Group>
              <Button onClick={() => setDialog({ kind: 'add-passkey' })}>Add a passkey</Button>
            </Group>
          </Section>
          <Section title="Authenticator app">
            {data.totp.enabled ? (
              <Group justify="space-between">
                <Text>
                  Set up on {formatDate(data.totp.added_at)}
                  {data.totp.last_used_at ? `; last used ${formatDateTime(data.totp.last_used_at)}` : ''}.
                </Text>
                <Button color="red" variant="light" onClick={() => setDialog({ kind: 'remove-app' })}>
                  Remove the app
                </Button>
              </Group>
            ) : (
              <Group justify="space-between">
                <Text>Not set up. An app on your phone shows a new 6-digit code every 30 seconds.</Text>
                <Button variant="default" onClick={() => setDialog({ kind: 'set-up-app' })}>
                  Set up an authenticator app
                </Button>
              </Group>
            )}
          </Section>
          <Section title="Recovery codes">
            <Group justify="space-between">
              <Text>
                {hasFactor
                  ? `${data.recovery_codes_left} of 10 codes left. Each works once, in place of your passkey or app.`
                  : 'Made when you add your first passkey or authenticator app.'}
              </Text>
              {hasFactor && (
                <Button variant="default" onClick={() => setDialog({ kind: 'renew-codes' })}>
                  Make new codes
                </Button>
              )}
            </Group>
          </Section>
        </>
      )}
      <Modal
        opened={dialog?.kind === 'add-passkey' || dialog?.kind === 'set-up-app'}
        onClose={close}
        title={dialog?.kind === 'add-passkey' ? 'Add a passkey' : 'Set up an authenticator app'}
        centered
      >
        {dialog?.kind === 'add-passkey' && <AddPasskeyPanel askPassword onAdded={afterAdded} />}
        {dialog?.kind === 'set-up-app' && <TotpSetupPanel askPassword onAdded={afterAdded} />}
      </Modal>
      <Modal opened={dialog?.kind === 'codes'} onClose={close} title="Your recovery codes" centered>
        {dialog?.kind === 'codes' && (
          <RecoveryCodesPanel codes={dialog.codes} doneLabel="I have saved them" onDone={close} />
        )}
      </Modal>
      {dialog?.kind === 'rename' && <RenameDialog passkey={dialog.passkey} onClose={close} />}
      {dialog?.kind === 'remove-passkey' && (
        <PasswordDialog
          title="Remove passkey"
          question={`Remove the passkey "${dialog.passkey.name}"? It will no longer sign you in.`}
          confirmLabel="Remove passkey"
          action={(currentPassword) => removePasskey({ id: dialog.passkey.id, currentPassword })}
          onDone={(answer) => {
            notifySuccess((answer as { message: string }).message);
            close();
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'remove-app' && (
        <PasswordDialog
          title="Remove authenticator app"
          question="Remove the authenticator app? Its codes will no longer sign you in."
          confirmLabel="Remove the app"
          action={(currentPassword) => removeTotp({ currentPassword })}
          onDone={(answer) => {
            notifySuccess((answer as { message: string }).message);
            close();
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'renew-codes' && (
        <PasswordDialog
          title="Make new recovery codes"
          question="Make ten new recovery codes? The codes you have now stop working."
          confirmLabel="Make new codes"
          color="blue"
          action={(currentPassword) => renewRecoveryCodes({ currentPassword })}
          onDone={(answer) =>
            setDialog({ kind: 'codes', codes: (answer as { recovery_codes: string[] }).recovery_codes })
          }
          onClose={close}
        />
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

const ZPasswordOnly = z.object({ current_password: currentPasswordField });

/** A change to one's factors, confirmed with the password (the server checks it). */
function PasswordDialog(props: {
  title: string;
  question: string;
  confirmLabel: string;
  color?: string;
  action: (currentPassword: string) => Promise<unknown>;
  onDone: (answer: unknown) => void;
  onClose: () => void;
}) {
  const form = useSchemaForm(ZPasswordOnly, { current_password: '' });
  const change = useFactorsMutation(props.action);
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          change.mutate(values.current_password, {
            onSuccess: props.onDone,
            onError: (error) => setServerErrors(form, error),
          }),
        )}
      >
        <Stack>
          <Text>{props.question}</Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('current_password')}
          />
          <FormAlert error={change.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" color={props.color ?? 'red'} loading={change.isPending}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const ZRename = z.object({ name: ZPasskeyName });

function RenameDialog({ passkey, onClose }: { passkey: TPasskey; onClose: () => void }) {
  const form = useSchemaForm(ZRename, { name: passkey.name });
  const rename = useFactorsMutation(renamePasskey);
  return (
    <Modal opened onClose={onClose} title="Rename passkey" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          rename.mutate(
            { id: passkey.id, name: values.name },
            { onSuccess: onClose, onError: (error) => setServerErrors(form, error) },
          ),
        )}
      >
        <Stack>
          <TextInput label="Passkey name" data-autofocus {...form.getInputProps('name')} />
          <FormAlert error={rename.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
