import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { assertCanChangeCredentialsOf, assertCanWriteAccount } from './users.policy.ts';
import { findUserById, type UserRow } from './users.repository.ts';

/**
 * Which accounts an admin may help back in (flows/account-recovery): one within reach (a domain's
 * admin its domain's, only a super admin a super admin's). The mail and the reset themselves are the
 * sign-in module's.
 */
async function findAccountInReach(db: Db, actor: Actor, userId: number): Promise<UserRow> {
  const target = await findUserById(db, userId);
  if (!target) throw notFound('This user does not exist.');
  assertCanWriteAccount(actor, target);
  return target;
}

/** "Reset user password": an active account in reach. */
export async function findPasswordResetTarget(db: Db, actor: Actor, userId: number): Promise<UserRow> {
  const target = await findAccountInReach(db, actor, userId);
  if (!target.isActive) throw badRequest('This user is inactive. Activate the account first.');
  return target;
}

/**
 * "Reset sign-in factors" (docs/decisions/031), for a lost device: an account in reach, not one's
 * own (one's own factors are changed under Sign-in Security, with the password).
 */
export async function findFactorResetTarget(db: Db, actor: Actor, userId: number): Promise<UserRow> {
  const target = await findAccountInReach(db, actor, userId);
  if (target.id === actor.id) {
    throw forbidden('Change your own passkeys and authenticator app under Sign-in Security.');
  }
  assertCanChangeCredentialsOf(actor, target);
  return target;
}
