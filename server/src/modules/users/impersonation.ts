import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors/app-error.ts';
import { startLinkedSession } from '../sign-in/linked-sessions.ts';
import { assertCanImpersonate } from './users.policy.ts';
import { findUserById } from './users.repository.ts';

/** POST /api/v1/users/login-as-user/ ("Login As"); going back is /login-as-user/return/. */
export async function loginAsUser(
  db: Db,
  actor: Actor,
  input: { user_id: number; ttlDays: number },
  context: RequestContext,
) {
  const target = await findUserById(db, input.user_id);
  if (!target) throw notFound('This user does not exist.');
  assertCanImpersonate(actor, target);
  const session = await startLinkedSession(
    db,
    actor,
    { targetUserId: target.id, kind: 'impersonation', ttlDays: input.ttlDays },
    context,
  );
  return { success: true as const, ...session };
}
