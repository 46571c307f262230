import { SECOND_FACTOR_RESET_MESSAGE } from '@portal/shared/second-factors';
import { identityOf } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { resetSecondFactors } from '../sign-in/second-factors/factor-reset.ts';
import { assertCanWriteAccount } from './users.policy.ts';
import { findUserById } from './users.repository.ts';

/**
 * "Reset sign-in factors" of the admin users list (docs/decisions/031): for a lost device. An admin
 * within reach of the account (a domain's admin its domain's, only a super admin a super admin's);
 * one's own factors are changed under Sign-in Security, with the password.
 */
export async function resetUserSecondFactors(
  db: Db,
  actor: Actor,
  userId: number,
  context: RequestContext,
): Promise<{ message: string }> {
  const target = await findUserById(db, userId);
  if (!target) throw notFound('This user does not exist.');
  assertCanWriteAccount(actor, target);
  if (target.id === actor.id) {
    throw forbidden('Change your own passkeys and authenticator app under Sign-in Security.');
  }
  await resetSecondFactors(db, target, identityOf(actor, context));
  return { message: SECOND_FACTOR_RESET_MESSAGE };
}
