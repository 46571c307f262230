import { REAUTHENTICATION_LOCKED_MESSAGE } from '@portal/shared/credential-changes';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '@portal/shared/passwords';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { revokeSession } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../errors/app-error.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import { refundReauthentication, reserveReauthentication } from './login-throttle.ts';

/** The account whose password is typed again: the session's own. */
export type ReauthenticatedAccount = {
  id: number;
  email: string;
  firstName: string;
  passwordHash: string | null | undefined;
};

/**
 * Checks the current password typed inside a signed-in session (changing the password, the login
 * e-mail, the second factors). Each check counts against the account's sign-in throttle before the
 * password is looked at, so a burst is evaluated no more than the limit allows. A wrong password
 * answers 400 on `field` and is audited as `failedAction`; the one that uses up the account's
 * attempts (or any past it) ends this session and the sessions opened from it, mails the holder,
 * and answers 429: whoever holds a session without knowing its password is not its holder.
 */
export async function verifyCurrentPassword(
  db: Db,
  actor: Actor,
  check: {
    account: ReauthenticatedAccount;
    password: string;
    field: string;
    failedAction: string;
    context: RequestContext;
  },
): Promise<void> {
  const { account, context } = check;
  const reservation = await reserveReauthentication(db, account, context.ip);
  if (reservation !== 'refused') {
    if (await verifyPassword(account.passwordHash ?? undefined, check.password)) {
      await refundReauthentication(db, account, context.ip);
      return;
    }
    await recordAudit(db, identityOf(actor, context), {
      action: check.failedAction,
      targetUserId: account.id,
    });
    if (reservation === 'reserved') {
      throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, { [check.field]: WRONG_CURRENT_PASSWORD_MESSAGE });
    }
  }
  await endGuessingSession(db, actor, account, context, { mail: reservation === 'last' });
  throw new AppError(429, REAUTHENTICATION_LOCKED_MESSAGE);
}

/**
 * Ends the session that guessed; the holder is mailed once, by the attempt that used up the
 * window (a burst's refused attempts only end the session again).
 */
async function endGuessingSession(
  db: Db,
  actor: Actor,
  account: ReauthenticatedAccount,
  context: RequestContext,
  options: { mail: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, actor.session.tokenId);
    if (!options.mail) return;
    await recordAudit(tx, identityOf(actor, context), {
      action: 'session.ended_after_wrong_passwords',
      targetUserId: account.id,
    });
    await enqueueMail(tx, {
      to: account.email,
      subject: 'Wrong passwords were typed in your Portal account',
      text: [
        `Hello ${account.firstName || account.email},`,
        '',
        'Someone signed in to your account typed a wrong current password several times (for example to change',
        `your password or login e-mail). That session was ended. The attempts came from ${context.ip}.`,
        '',
        'If this was not you, reset your password now and tell your Portal administrator.',
      ].join('\n'),
    });
  });
}
