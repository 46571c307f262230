import { Button, Group, List, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { TUser } from '@portal/shared/users';
import { type FormEvent, useState } from 'react';
import { useResendInvitation } from '../../../components/resend-invitation-button.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { storeSession } from '../../../lib/session.ts';
import {
  deleteInactiveUser,
  removeAccount,
  useChangeUserPassword,
  useDeleteBlockers,
  useLoginAsUser,
  useResetSecondFactors,
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

/** The list's "Delete" of the spec (part 1 §4): the account becomes inactive and leaves the list. */
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
          logFailure('Deactivate', user, error);
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
      {`Delete ${who(user)}? The account is deactivated: the user can no longer log in, and it can be activated again or deleted permanently under Inactive Users.`}
    </ConfirmModal>
  );
}

/** A new "set your password" mail for an account that has never signed in. */
export function ResendInvitationModal({ user, onClose }: ActionModalProps) {
  const resend = useResendInvitation();
  return (
    <ConfirmModal
      title="Resend Invitation"
      confirmLabel="Send Invitation"
      loading={resend.isPending}
      error={resend.error}
      onConfirm={() => resend.mutate(user.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {`Send ${who(user)} a new invitation to set a password? The link is valid for 7 days; links sent before stop working.`}
    </ConfirmModal>
  );
}

/** Reset Sign-in Factors: for someone who lost the device with the passkey or the authenticator app. */
export function ResetSecondFactorsModal({ user, onClose }: ActionModalProps) {
  const reset = useResetSecondFactors();
  return (
    <ConfirmModal
      title="Reset Sign-in Factors"
      confirmLabel="Reset factors"
      color="red"
      loading={reset.isPending}
      error={reset.error}
      onConfirm={() =>
        reset.mutate(user.id, {
          onSuccess: ({ message }) => {
            notifySuccess(message);
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      {`Remove every passkey, the authenticator app and the recovery codes of ${who(user)}, and sign the account out everywhere? Do this only when you are sure it is the holder who lost the device. The account is told by e-mail and, if its type requires one, sets up a second factor at its next sign-in.`}
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
 * Permanent deletion. What would block it is asked first and said before anything changes; a
 * blocked account can still be deactivated from here. The server checks again when deleting.
 */
function PermanentDeleteModal({
  user,
  onClose,
  title,
  remove,
}: ActionModalProps & { title: string; remove: (user: TUser) => Promise<{ message: string }> }) {
  const blockers = useDeleteBlockers(user.id);
  const mutation = useUsersMutation(remove);
  const deactivate = useSetUserActive();
  const blocked = blockers.data ? !blockers.data.can_delete : false;
  const offerDeactivate = blocked && user.is_active;
  const done = ({ message }: { message: string }) => {
    notifySuccess(message);
    onClose();
  };
  const confirm = () => {
    if (offerDeactivate) {
      deactivate.mutate({ id: user.id, active: false }, { onSuccess: done });
      return;
    }
    mutation.mutate(user, { onSuccess: done, onError: (error) => logFailure(title, user, error) });
  };
  return (
    <ConfirmModal
      title={title}
      confirmLabel={offerDeactivate ? 'Deactivate instead' : title}
      color="red"
      loading={mutation.isPending || deactivate.isPending}
      disabled={blockers.isPending || blockers.isError || (blocked && !offerDeactivate)}
      error={mutation.error ?? deactivate.error ?? blockers.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="xs">
        {blockers.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Checking what depends on this account…</Text>
          </Group>
        )}
        {blockers.data?.can_delete && (
          <Text>{`Remove ${who(user)} permanently? This cannot be undone.`}</Text>
        )}
        {blocked && blockers.data && (
          <>
            <Text>{`${who(user)} cannot be removed permanently:`}</Text>
            <List size="sm">
              {Object.entries(blockers.data.blockers).map(([kind, sentence]) => (
                <List.Item key={kind}>{sentence}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              {user.is_active
                ? 'Nothing has been changed. You can deactivate the account instead: it can no longer log in and stays listed under Inactive Users.'
                : 'Nothing has been changed; the account stays inactive.'}
            </Text>
          </>
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
            withAsterisk
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
