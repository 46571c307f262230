import type { TLoginResponse } from '@portal/shared/auth';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { findStaffAccessCenter } from '../../modules/hc-staff/hc-staff.service.ts';
import { startLinkedSession } from '../../modules/sign-in/linked-sessions.ts';
import { findImpersonationTarget } from '../../modules/users/impersonation.ts';

/**
 * Opening a session as another account, linked to the caller's own: whom it may be is the users
 * module's rule (Login As) or the HC staff module's (Access to this HC); the session is the sign-in
 * module's. Nothing to undo: the session is the last step and is written in one statement.
 */
export type LinkedSessionInput = { ttlDays: number };

/** POST /api/v1/users/login-as-user/ ("Login As"); going back is /login-as-user/return/. */
export async function loginAs(
  db: Db,
  actor: Actor,
  userId: number,
  input: LinkedSessionInput,
  context: RequestContext,
) {
  const target = await findImpersonationTarget(db, actor, userId);
  const session = await startLinkedSession(
    db,
    actor,
    { targetUserId: target.id, kind: 'impersonation', ttlDays: input.ttlDays },
    context,
  );
  return { success: true as const, ...session };
}

/** POST /api/v1/hc-staff/access/ ("Access to this HC"). */
export async function accessHarvestCenter(
  db: Db,
  actor: Actor,
  harvestCenterId: number,
  input: LinkedSessionInput,
  context: RequestContext,
): Promise<TLoginResponse> {
  const center = await findStaffAccessCenter(db, actor, harvestCenterId);
  return startLinkedSession(
    db,
    actor,
    { targetUserId: center.id, kind: 'staff_access', ttlDays: input.ttlDays },
    context,
  );
}
