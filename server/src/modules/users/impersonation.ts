import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors/app-error.ts';
import { assertCanImpersonate } from './users.policy.ts';
import { findUserById, type UserRow } from './users.repository.ts';

/**
 * Whom "Login As" may open: an account the admin may impersonate (users.policy.ts). The session
 * itself is the sign-in module's (flows/linked-sessions).
 */
export async function findImpersonationTarget(db: Db, actor: Actor, userId: number): Promise<UserRow> {
  const target = await findUserById(db, userId);
  if (!target) throw notFound('This user does not exist.');
  assertCanImpersonate(actor, target);
  return target;
}
