import { EMAIL_UNCONFIRMED_CODE, EMAIL_UNCONFIRMED_MESSAGE } from '@portal/shared/auth';
import type { TPasswordLoginResponse } from '@portal/shared/second-factors';
import { type AuditIdentity, identityOf, recordAudit, visitorIdentity } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { assertUncommonPassword } from '../../auth/common-passwords.ts';
import { createPasswordLink, passwordLinkPurpose } from '../../auth/password-links.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeAllSessionsOfUser } from '../../auth/session-revocation.ts';
import { hashToken, revokeSession } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../errors/app-error.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import {
  isResetRequestAllowed,
  refundLoginAttempt,
  reserveLoginAttempt,
} from '../accounts/login-throttle.ts';
import type { RelyingParty } from './second-factors/relying-party.ts';
import { issueFullSession, stageAfterPassword, startPendingSignIn } from './second-factors/sign-in.ts';
import {
  claimPasswordLink,
  findUserByEmail,
  setPasswordFromLink,
  spendOpenPasswordLinks,
} from './sign-in.repository.ts';

export const LOGIN_FAILED_MESSAGE = 'Unable to log in with provided credentials.';
export const INACTIVE_MESSAGE = 'This account is inactive. Please contact your admin.';
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we have sent a link to reset the password. The link is valid for 1 hour.';
/** Said of a spent or unknown link, whether it was a reset or an invitation (the words fit both). */
export const RESET_INVALID_MESSAGE =
  'This link to set a password is invalid or has expired. Ask for a new one.';
/** The ends of a password link: an invitation's first password, or a reset's new one. */
export const PASSWORD_SET_MESSAGE = 'Your password has been set. You can sign in now.';
export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. You can now log in with the new password.';
const RESET_TTL_MS = 60 * 60 * 1000;

export async function loginWithPassword(
  db: Db,
  input: { email: string; password: string; sessionTtlDays: number; rp: RelyingParty },
  context: RequestContext,
): Promise<TPasswordLoginResponse> {
  const email = input.email.trim().toLowerCase();
  // Counted as a failure before the password is checked, so parallel guesses cannot overtake the count.
  await reserveLoginAttempt(db, email, context.ip);
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || !user.isActive) {
    await recordAudit(db, visitorIdentity(context.ip), {
      action: 'login.failed',
      targetUserId: user?.id,
      email,
      detail: { reason: !user ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'inactive' },
    });
    // Only someone who knows the password learns that the account is inactive.
    throw badRequest(user && passwordOk ? INACTIVE_MESSAGE : LOGIN_FAILED_MESSAGE);
  }
  await refundLoginAttempt(db, email, context.ip);
  if (user.emailConfirmedAt === null) {
    // Told only to someone who knows the password; the login page offers to mail the link again.
    await recordAudit(db, visitorIdentity(context.ip), {
      action: 'login.failed',
      targetUserId: user.id,
      email,
      detail: { reason: 'email_unconfirmed' },
    });
    throw new AppError(403, EMAIL_UNCONFIRMED_MESSAGE, { code: EMAIL_UNCONFIRMED_CODE });
  }
  // A second factor, or its enrolment, may be owed before the session opens anything
  // (docs/decisions/031-strong-sign-in.md).
  const step = await stageAfterPassword(db, user, input.rp);
  if (step.stage === 'complete') {
    return issueFullSession(db, user, { established: 'password', ttlDays: input.sessionTtlDays }, context);
  }
  await recordAudit(db, visitorIdentity(context.ip, user.id), {
    action: 'login.password_accepted',
    targetUserId: user.id,
    email,
    detail: { stage: step.stage },
  });
  return startPendingSignIn(db, user.id, step, context);
}

export async function logout(db: Db, actor: Actor, context: RequestContext): Promise<void> {
  await revokeSession(db, actor.session.tokenId);
  await recordAudit(db, identityOf(actor, context), { action: 'logout', targetUserId: actor.id });
}

/** Answers the same whether or not the e-mail exists; returns true when a mail was queued. */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; publicUrl: string },
  context: RequestContext,
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  const user = await findUserByEmail(db, email);
  if (!user?.isActive || !(await isResetRequestAllowed(db, email))) return false;
  await sendPasswordResetMail(db, user, { publicUrl: input.publicUrl }, visitorIdentity(context.ip));
  return true;
}

/**
 * Queues the reset-link mail for a known, active user: from the public form above, or an admin's
 * "reset user password" (byAdmin; `by` names the admin on the audit trail).
 */
export async function sendPasswordResetMail(
  db: Db,
  user: { id: number; email: string; firstName: string },
  input: { publicUrl: string; byAdmin?: boolean },
  by: AuditIdentity,
): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await createPasswordLink(tx, {
      userId: user.id,
      publicUrl: input.publicUrl,
      ttlMs: RESET_TTL_MS,
      purpose: 'reset',
    });
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Reset your Portal password',
      text: [
        `Hello ${user.firstName || user.email},`,
        '',
        input.byAdmin
          ? 'Your Portal administrator has asked for a new password to be set on your account. Open this link to choose one:'
          : 'Someone asked to reset the password of your Portal account. Open this link to choose a new one:',
        link,
        '',
        'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.',
      ].join('\n'),
    });
    await recordAudit(tx, by, {
      action: 'password_reset.requested',
      targetUserId: user.id,
      email: user.email.toLowerCase(),
    });
  });
}

/** POST /api/v1/users/reset-password/confirm/: sets the password of the link's account; says how it ended. */
export async function completePasswordReset(
  db: Db,
  input: { token: string; password: string },
  context: RequestContext,
): Promise<{ message: string }> {
  assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Claiming the token in the UPDATE makes a second use of the same link fail.
    const userId = await claimPasswordLink(tx, hashToken(input.token));
    if (userId === undefined) throw badRequest(RESET_INVALID_MESSAGE);
    // The link came by mail, so the address is proven too.
    await setPasswordFromLink(tx, userId, passwordHash);
    await spendOpenPasswordLinks(tx, userId);
    await revokeAllSessionsOfUser(tx, userId);
    await recordAudit(tx, visitorIdentity(context.ip), {
      action: 'password_reset.completed',
      targetUserId: userId,
    });
    // The token matched a stored link, so what it says it was made for is what it was made for.
    const invited = passwordLinkPurpose(input.token) === 'invitation';
    return { message: invited ? PASSWORD_SET_MESSAGE : PASSWORD_CHANGED_MESSAGE };
  });
}
