import { z } from 'zod';

/**
 * Changing what logs an account in (its e-mail, its password): the rules the profile form, the
 * admin form and the server share (docs/decisions/009-credential-changes.md).
 * - One's own login e-mail or password changes only with the current password in the same request,
 *   and never from a linked session (Login As, "Access to this HC").
 * - Admins change other users' e-mail from their own session; a super admin account is written
 *   only by a super admin.
 * - Harvest centers and staff never change someone else's login e-mail.
 */

/** Sent beside a new e-mail in the profile and admin forms; required only when the e-mail is one's own. */
export const ZCurrentPassword = z.string().max(1024, 'Password is too long');

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password to change your login e-mail.';
export const LINKED_SESSION_EMAIL_MESSAGE =
  'Only the account holder, signed in as themselves, can change this login e-mail.';
export const LINKED_SESSION_EMAIL_NOTE =
  'You are using this account through another account: its login e-mail can only be changed by its holder.';
export const OWN_PASSWORD_BY_ADMIN_MESSAGE =
  'Change your own password on the Change Password page: it asks for your current password.';
export const SUPER_ADMIN_ONLY_MESSAGE = 'Only a super admin can change a super admin account.';

/** Whether a form's e-mail differs from the saved login e-mail (the comparison ignores case and spaces). */
export function isLoginEmailChange(formEmail: string | undefined, savedEmail: string): boolean {
  if (formEmail === undefined) return false;
  return formEmail.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
}

/**
 * An admin account's credentials (password, login e-mail, second factors) are changed only by the
 * super admin: Login As already refuses admins, and a plain admin must not take over a peer.
 */
export const ADMIN_CREDENTIALS_SUPER_ADMIN_ONLY_MESSAGE =
  "Only the super admin can change another admin's password, login e-mail or second factors.";

/**
 * A signed-in session that typed too many wrong current passwords is ended: whoever holds it does
 * not know the password, and the holder is mailed.
 */
export const REAUTHENTICATION_LOCKED_MESSAGE =
  'Too many wrong passwords. You have been signed out to protect this account; sign in again to continue.';
