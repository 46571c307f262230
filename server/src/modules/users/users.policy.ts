import {
  ADMIN_CREDENTIALS_SUPER_ADMIN_ONLY_MESSAGE,
  OWN_PASSWORD_BY_ADMIN_MESSAGE,
  SUPER_ADMIN_ONLY_MESSAGE,
} from '@portal/shared/credential-changes';
import { isAdminMembership } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { isInCallersDomain } from '../accounts/roles.ts';
import type { UserRow } from './users.repository.ts';

/** Admins see every account; everyone else only their own. */
export function canViewUser(actor: Actor, userId: number): boolean {
  return actor.isAdmin || actor.id === userId;
}

/** The profile form: the same people as can view it. */
export const canEditProfile = canViewUser;

export function assertCanViewUser(actor: Actor, userId: number): void {
  if (!canViewUser(actor, userId)) throw forbidden('You can only see your own account.');
}

export function assertCanEditProfile(actor: Actor, userId: number): void {
  if (!canEditProfile(actor, userId)) throw forbidden('You can only change your own account.');
}

/** template_id links an account to its signed attestation: the super admin's field (part 1 §5). */
export function canChangeTemplateId(actor: Actor): boolean {
  return actor.isSuperuser;
}

/**
 * A white-label admin reaches only the accounts of its domain (docs/decisions/023): to it, the
 * others do not exist.
 */
export function assertInCallersDomain(actor: Actor, target: Pick<UserRow, 'domainId'>): void {
  if (!isInCallersDomain(actor, target)) throw notFound('This user does not exist.');
}

/**
 * Any write to an account (profile, admin edit, activation, reset mail): only inside the caller's
 * domain, and a super admin's only by a super admin.
 */
export function assertCanWriteAccount(actor: Actor, target: Pick<UserRow, 'isSuperuser' | 'domainId'>): void {
  assertInCallersDomain(actor, target);
  if (target.isSuperuser && !actor.isSuperuser) throw forbidden(SUPER_ADMIN_ONLY_MESSAGE);
}

/**
 * Another account's credentials (password, login e-mail, second factors): an admin account's only
 * by the super admin. Login As refuses admins; without this a plain admin would take over a peer
 * by changing its password and resetting its factors.
 */
export function assertCanChangeCredentialsOf(actor: Actor, target: Pick<UserRow, 'membershipId'>): void {
  if (isAdminMembership(target.membershipId) && !actor.isSuperuser) {
    throw forbidden(ADMIN_CREDENTIALS_SUPER_ADMIN_ONLY_MESSAGE);
  }
}

/**
 * Deactivating, deleting or re-keying an account: admins may, but a super admin account is
 * touched only by a super admin, and nobody locks themselves out. One's own password is changed
 * with the current password (the /password page), never through the admin's route.
 */
export function assertCanManageAccount(
  actor: Actor,
  target: UserRow,
  action: 'deactivate' | 'delete' | 'password',
) {
  if (!actor.isAdmin) throw forbidden();
  assertCanWriteAccount(actor, target);
  if (target.id === actor.id) {
    throw forbidden(
      action === 'password' ? OWN_PASSWORD_BY_ADMIN_MESSAGE : `You cannot ${action} your own account.`,
    );
  }
  if (action === 'password') assertCanChangeCredentialsOf(actor, target);
}

/** "Login As": admins only, and never into an admin account (7 or 10), their own included. */
export function assertCanImpersonate(actor: Actor, target: UserRow): void {
  if (!actor.isAdmin) throw forbidden();
  assertInCallersDomain(actor, target);
  if (isAdminMembership(target.membershipId)) throw forbidden('You cannot log in as another admin.');
}
