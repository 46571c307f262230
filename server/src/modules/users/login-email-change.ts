import {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  LINKED_SESSION_EMAIL_MESSAGE,
} from '@portal/shared/credential-changes';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../errors/app-error.ts';
import { verifyCurrentPassword } from '../accounts/reauthentication.ts';
import { assertCanChangeCredentialsOf } from './users.policy.ts';
import { findPasswordHash, type UserRow } from './users.repository.ts';

/**
 * Who may change a login e-mail (docs/decisions/009). The e-mail is where reset links go, so
 * changing it hands over the account:
 * - never from a linked session: staff inside "Access to this HC" or an admin inside Login As
 *   act for the account, they are not its holder;
 * - one's own: with the current password in the same request (a stolen session is not enough);
 * - another user's: an admin, in the admin's own session.
 */
export async function assertCanChangeLoginEmail(
  db: Db,
  actor: Actor,
  target: UserRow,
  currentPassword: string | undefined,
  context: RequestContext,
): Promise<void> {
  if (actor.session.kind !== 'login') throw forbidden(LINKED_SESSION_EMAIL_MESSAGE);
  if (target.id !== actor.id) {
    if (!actor.isAdmin) throw forbidden('Only an admin can change another user’s login e-mail.');
    assertCanChangeCredentialsOf(actor, target);
    return;
  }
  if (!currentPassword) {
    throw badRequest(CURRENT_PASSWORD_REQUIRED_MESSAGE, {
      current_password: CURRENT_PASSWORD_REQUIRED_MESSAGE,
    });
  }
  await verifyCurrentPassword(db, actor, {
    account: { ...actor, passwordHash: await findPasswordHash(db, target.id) },
    password: currentPassword,
    field: 'current_password',
    failedAction: 'email.change_failed',
    context,
  });
}
