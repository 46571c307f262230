import { ActionIcon, Menu } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { HC_TYPE_MEMBERSHIPS, isAdminMembership, MEMBERSHIP } from '@portal/shared/memberships';
import type { TUser } from '@portal/shared/users';
import { IconDots } from '@tabler/icons-react';
import {
  ActivateUserModal,
  ChangePasswordModal,
  DeactivateUserModal,
  LoginAsModal,
  RemoveAccountModal,
  ResendInvitationModal,
  ResetSecondFactorsModal,
} from './account-action-modals.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import { PatientDataModal } from './patient-data-modal.tsx';
import { SignDocumentModal } from './sign-document-modal.tsx';
import { UserDetailsModal } from './user-details-modal.tsx';

export type UserAction =
  | 'details'
  | 'edit'
  | 'login-as'
  | 'delete'
  | 'activate'
  | 'password'
  | 'patient-data'
  | 'invite'
  | 'sign'
  | 'reset-factors'
  | 'remove';

const LABELS: Record<UserAction, string> = {
  details: 'User Details',
  edit: 'Edit user',
  'login-as': 'Login As',
  // The spec's word; it sets the account inactive (part 1 §4), its dialog says so.
  delete: 'Delete',
  activate: 'Activate',
  password: 'Change Password',
  'patient-data': 'Show Patient Data',
  invite: 'Resend Invitation',
  sign: 'Sign Document',
  'reset-factors': 'Reset Sign-in Factors',
  remove: 'Remove Account',
};

/**
 * The actions the signed-in admin can take on this account; the same rules as the server's
 * users policy, so no item leads to a refusal.
 */
function actionsFor(user: TUser, me: TSessionUser): UserAction[] {
  const membership = user.membership[0]?.id ?? user.subscription;
  const protectedAccount = user.is_superuser && !me.is_superuser;
  const self = user.id === me.id;
  const actions: UserAction[] = ['details'];
  // A super admin account is written only by a super admin.
  if (!protectedAccount) actions.push('edit');
  if (user.is_active && !self && !isAdminMembership(membership)) actions.push('login-as');
  if (user.is_active && !self && !protectedAccount) actions.push('delete');
  if (!user.is_active && !protectedAccount) actions.push('activate');
  // One's own password is changed on /password, with the current one.
  if (!self && !protectedAccount) actions.push('password');
  if (membership === MEMBERSHIP.patient) actions.push('patient-data');
  // Until the first sign-in; afterwards "Forgot Password?" is the way (the server says the same).
  if (user.is_active && user.last_login === null && !self && !protectedAccount) actions.push('invite');
  // The attestation of a center-type account that has not signed one (its template id is empty).
  if (user.is_active && HC_TYPE_MEMBERSHIPS.some((id) => id === membership) && !user.template_id) {
    actions.push('sign');
  }
  // A patient's Pending agreements, signed in place with the patient (the modal lists them).
  if (user.is_active && membership === MEMBERSHIP.patient) actions.push('sign');
  // A lost device: one's own factors are changed under Sign-in Security instead (decision 031).
  if (!self && !protectedAccount) actions.push('reset-factors');
  if (!self && !protectedAccount) actions.push('remove');
  return actions;
}

export function UserActionsMenu(props: {
  user: TUser;
  me: TSessionUser;
  onPick: (action: UserAction) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${props.user.email}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actionsFor(props.user, props.me).map((action) => (
          <Menu.Item
            key={action}
            color={action === 'delete' || action === 'remove' ? 'red' : undefined}
            onClick={() => props.onPick(action)}
          >
            {LABELS[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The modal of the action picked on a row. */
export function UserActionModal(props: { action: UserAction; user: TUser; onClose: () => void }) {
  const { user, onClose } = props;
  switch (props.action) {
    case 'details':
      return <UserDetailsModal user={user} onClose={onClose} />;
    case 'edit':
      return <EditUserModal user={user} onClose={onClose} />;
    case 'login-as':
      return <LoginAsModal user={user} onClose={onClose} />;
    case 'delete':
      return <DeactivateUserModal user={user} onClose={onClose} />;
    case 'activate':
      return <ActivateUserModal user={user} onClose={onClose} />;
    case 'password':
      return <ChangePasswordModal user={user} onClose={onClose} />;
    case 'patient-data':
      return <PatientDataModal user={user} onClose={onClose} />;
    case 'invite':
      return <ResendInvitationModal user={user} onClose={onClose} />;
    case 'sign':
      return <SignDocumentModal user={user} onClose={onClose} />;
    case 'reset-factors':
      return <ResetSecondFactorsModal user={user} onClose={onClose} />;
    case 'remove':
      return <RemoveAccountModal user={user} onClose={onClose} />;
  }
}
