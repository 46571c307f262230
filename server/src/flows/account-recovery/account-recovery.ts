import { SECOND_FACTOR_RESET_MESSAGE } from '@portal/shared/second-factors';
import { identityOf } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { isResetRequestAllowed } from '../../modules/accounts/login-throttle.ts';
import { resetSecondFactors } from '../../modules/sign-in/second-factors/factor-reset.ts';
import { sendPasswordResetMail } from '../../modules/sign-in/sign-in.service.ts';
import { findFactorResetTarget, findPasswordResetTarget } from '../../modules/users/account-recovery.ts';

/**
 * An admin helping an account back in: which account is the users module's rule, the reset link and
 * the factors are the sign-in module's. Each is one transaction of the sign-in module's (the mail is
 * queued in it), so there is nothing to undo; the caller wakes the mail worker after.
 */

/** POST /api/v1/utilities/reset-user-password/: the admin sends the reset-link mail to a user. */
export async function sendResetMailByAdmin(
  db: Db,
  actor: Actor,
  input: { userId: number; publicUrl: string },
  context: RequestContext,
): Promise<{ message: string }> {
  const target = await findPasswordResetTarget(db, actor, input.userId);
  if (!(await isResetRequestAllowed(db, target.email.toLowerCase()))) {
    throw new AppError(429, 'Several reset e-mails were sent to this user recently. Please wait 15 minutes.');
  }
  await sendPasswordResetMail(
    db,
    target,
    { publicUrl: input.publicUrl, byAdmin: true },
    identityOf(actor, context),
  );
  return { message: `A password reset link has been sent to ${target.email}.` };
}

/** POST /api/v1/users/:id/reset-second-factors/: a lost device (decision 031). */
export async function resetFactorsByAdmin(
  db: Db,
  actor: Actor,
  userId: number,
  context: RequestContext,
): Promise<{ message: string }> {
  const target = await findFactorResetTarget(db, actor, userId);
  await resetSecondFactors(db, target, identityOf(actor, context));
  return { message: SECOND_FACTOR_RESET_MESSAGE };
}
