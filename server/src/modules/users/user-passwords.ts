import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { assertUncommonPassword } from '../../auth/common-passwords.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeAllSessionsOfUser } from '../../auth/session-revocation.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import { verifyCurrentPassword } from '../accounts/reauthentication.ts';
import { assertCanManageAccount } from './users.policy.ts';
import { findPasswordHash, findUserById, updatePasswordHash } from './users.repository.ts';

/**
 * POST /api/v1/users/change-password/ (admin "Change Password" modal), for another user: every
 * session acting as that user or opened by them ends.
 */
export async function changePasswordByAdmin(
  db: Db,
  actor: Actor,
  input: { user_id: number; new_password_change: string },
  context: RequestContext,
): Promise<{ message: string }> {
  const target = await findUserById(db, input.user_id);
  if (!target) throw notFound('This user does not exist.');
  assertCanManageAccount(actor, target, 'password');
  assertUncommonPassword(input.new_password_change, 'new_password_change');
  const passwordHash = await hashPassword(input.new_password_change);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, target.id, passwordHash);
    await revokeAllSessionsOfUser(tx, target.id);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'password.changed_by_admin',
      targetUserId: target.id,
    });
    // The holder learns of it at once: a password changed behind their back is a takeover.
    await enqueueMail(tx, {
      to: target.email,
      subject: 'Your Portal password was changed by an administrator',
      text: [
        `Hello ${target.firstName || target.email},`,
        '',
        `An administrator (${actor.email}) set a new password for your account and signed it out everywhere.`,
        '',
        'If you did not ask for this, tell your Portal administrator at once.',
      ].join('\n'),
    });
  });
  return { message: `The password of ${target.email} has been changed.` };
}

/** POST /api/v1/users/update-password/{id}/ (the /password page): one's own password only. */
export async function updateOwnPassword(
  db: Db,
  actor: Actor,
  id: number,
  input: { password_current: string; password_new: string },
  context: RequestContext,
): Promise<{ message: string }> {
  if (id !== actor.id) throw forbidden('You can only change your own password.');
  if (actor.session.kind !== 'login') {
    throw forbidden(
      'Only the account holder can change this password. Use the admin password change instead.',
    );
  }
  await verifyCurrentPassword(db, actor, {
    account: { ...actor, passwordHash: await findPasswordHash(db, actor.id) },
    password: input.password_current,
    field: 'password_current',
    failedAction: 'password.change_failed',
    context,
  });
  assertUncommonPassword(input.password_new, 'password_new');
  const passwordHash = await hashPassword(input.password_new);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, actor.id, passwordHash);
    // Other devices signed in with the old password are signed out; this one stays.
    await revokeAllSessionsOfUser(tx, actor.id, { keepTokenId: actor.session.tokenId });
    await recordAudit(tx, identityOf(actor, context), { action: 'password.changed', targetUserId: actor.id });
  });
  return { message: 'Your password has been changed.' };
}
