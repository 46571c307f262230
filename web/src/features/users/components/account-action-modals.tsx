import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { TUser } from '@portal/shared/users';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { storeSession } from '../../../lib/session.ts';
import {
  deleteInactiveUser,
  removeAccount,
  useChangeUserPassword,
  useLoginAsUser,
  useSetUserActive,
  useUsersMutation,
} from '../api/user-actions.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { fullName } from './user-text.ts';

interface ActionModalProps {
  user: TUser;
  onClose: () => void;
}

const who = (user: TUser) => (fullName(user) ? `${fullName(user)} (${user.email})` : user.email);

/** Part 1 §8: "Login-as, delete, activate, access failures: modal closes; message only logged". */
function logFailure(action: string, user: TUser, error: unknown) {
  console.error(`${action} of user ${user.id} failed: ${errorMessage(error)}`);
}

export function LoginAsModal({ user, onClose }: ActionModalProps) {
  const loginAs = useLoginAsUser();
  const confirm = () =>
    loginAs.mutate(user.id, {
      onSuccess: ({ token, user: target }) => {
        storeSession(token, target);
        // A full load: nothing cached for the admin may show on the user's screens.
        window.location.assign('/dashboard');
      },
      onError: (error) => {
        logFailure('Login As', user, error);
        onClose();
      },
    });
  return (
    <ConfirmModal
      title="Login As"
      confirmLabel="Login As"
      loading={loginAs.isPending || loginAs.isSuccess}
      onConfirm={confirm}
      onClose={onClose}
    >
      {`Log in as ${who(user)}? You can go back to your own account with 'Go back as Super Admin'.`}
    </ConfirmModal>
  );
}

/** The list's Delete: the account becomes inactive (and can be found under Inactive Users). */
export function DeactivateUserModal({ user, onClose }: ActionModalProps) {
  const setActive = useSetUserActive();
  const confirm = () =>
    setActive.mutate(
      { id: user.id, active: false },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (error) => {
          logFailure('Delete', user, error);
          onClose();
        },
      },
    );
  return (
    <ConfirmModal
      title="Delete"
      confirmLabel="Delete"
      color="red"
      loading={setActive.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {`Delete ${who(user)}? The account becomes inactive and can be activated again under Inactive Users.`}
    </ConfirmModal>
  );
}

export function ActivateUserModal({ user, onClose }: ActionModalProps) {
  const setActive = useSetUserActive();
  const confirm = () =>
    setActive.mutate(
      { id: user.id, active: true },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (error) => {
          logFailure('Activate', user, error);
          onClose();
        },
      },
    );
  return (
    <ConfirmModal
      title="Activate"
      confirmLabel="Activate"
      loading={setActive.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {`Activate ${who(user)}? The user can log in again.`}
    </ConfirmModal>
  );
}

/**
 * Permanent deletion. The server refuses it while patients or vial records depend on the account
 * and says why; that reason stays in the modal, since trying again would not help.
 */
function PermanentDeleteModal({
  user,
  onClose,
  title,
  remove,
}: ActionModalProps & { title: string; remove: (user: TUser) => Promise<{ message: string }> }) {
  const mutation = useUsersMutation(remove);
  const confirm = () =>
    mutation.mutate(user, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        onClose();
      },
      onError: (error) => logFailure(title, user, error),
    });
  return (
    <ConfirmModal
      title={title}
      confirmLabel={title}
      color="red"
      loading={mutation.isPending}
      error={mutation.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text>{`Remove ${who(user)} permanently? This cannot be undone.`}</Text>
        {/* Only the deletion answers 409: the deactivation before it went through. */}
        {user.is_active && mutation.error instanceof ApiError && mutation.error.status === 409 && (
          <Text size="sm" c="dimmed">
            The account is now inactive and listed under Inactive Users.
          </Text>
        )}
      </Stack>
    </ConfirmModal>
  );
}

export function DeletePermanentlyModal({ user, onClose }: ActionModalProps) {
  return (
    <PermanentDeleteModal
      user={user}
      onClose={onClose}
      title="Delete permanently"
      remove={deleteInactiveUser}
    />
  );
}

export function RemoveAccountModal({ user, onClose }: ActionModalProps) {
  return <PermanentDeleteModal user={user} onClose={onClose} title="Remove Account" remove={removeAccount} />;
}

/** The admin flow of part 1 §5: a non-empty new password is required, otherwise nothing happens. */
export function ChangePasswordModal({ user, onClose }: ActionModalProps) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const change = useChangeUserPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return;
    change.mutate(
      { user_id: user.id, new_password_change: password },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (error) => {
          setFieldError(error instanceof ApiError ? (error.fieldErrors.new_password_change ?? null) : null);
          notifyError(errorMessage(error));
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Change Password" centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">{`A new password for ${who(user)}. The user's other sessions end.`}</Text>
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={password}
            error={fieldError}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
