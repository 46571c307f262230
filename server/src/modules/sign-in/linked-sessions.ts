import type { TLoginResponse } from '@portal/shared/auth';
import type { TSessionEstablished } from '@portal/shared/second-factors';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { issueSessionToken, revokeSession, type SessionKind } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../errors/app-error.ts';
import { loadSessionUser } from './session-user.ts';
import { findLiveSessionWithUser, findUserRowById } from './sign-in.repository.ts';

type LinkedKind = Exclude<SessionKind, 'login'>;

const AUDIT_ACTION: Record<LinkedKind, { start: string; end: string }> = {
  impersonation: { start: 'impersonation.started', end: 'impersonation.ended' },
  staff_access: { start: 'staff_access.started', end: 'staff_access.ended' },
};

/**
 * Opens a session as another user (admin "Login As", HC staff "Access to this HC"), linked to the
 * caller's own session so that going back needs neither a password nor a user id from the browser.
 * The caller's policy decides whether the switch is allowed; this only does it.
 */
export async function startLinkedSession(
  db: Db,
  actor: Actor,
  input: { targetUserId: number; kind: LinkedKind; ttlDays: number },
  context: RequestContext,
): Promise<TLoginResponse> {
  if (actor.session.kind !== 'login') throw forbidden('Go back to your own account first.');
  const target = await findUserRowById(db, input.targetUserId);
  if (!target) throw badRequest('This user does not exist.');
  if (!target.isActive) throw badRequest('This user is inactive.');
  const { token } = await issueSessionToken(db, {
    userId: target.id,
    kind: input.kind,
    parentTokenId: actor.session.tokenId,
    actorUserId: actor.id,
    ttlDays: input.ttlDays,
    ip: context.ip,
    userAgent: context.userAgent,
    // The person's own sign-in (its second factor included) is what opens the other account: that
    // account is never asked for its own (docs/decisions/031).
    established: actor.session.established,
  });
  await recordAudit(db, identityOf(actor, context), {
    action: AUDIT_ACTION[input.kind].start,
    targetUserId: target.id,
  });
  return {
    token,
    message: `You are now signed in as ${target.email}.`,
    user: await loadSessionUser(db, target.id),
  };
}

/** Ends an impersonation or staff-access session and signs the real person back in. */
export async function returnToOwnSession(
  db: Db,
  actor: Actor,
  input: { ttlDays: number },
  context: RequestContext,
): Promise<TLoginResponse> {
  const { kind, parentTokenId } = actor.session;
  if (kind === 'login' || parentTokenId === null) throw badRequest('You are not signed in as another user.');
  const parent = await findLiveSessionWithUser(db, parentTokenId);
  // The linked session ends either way; without a live parent the person must log in again.
  await revokeSession(db, actor.session.tokenId);
  if (!parent?.user.isActive) throw badRequest('Your own session has ended. Please log in again.');
  // The browser gave up the parent's token when it switched, so it gets a fresh one.
  await revokeSession(db, parent.token.id);
  const { token } = await issueSessionToken(db, {
    userId: parent.user.id,
    ttlDays: input.ttlDays,
    ip: context.ip,
    userAgent: context.userAgent,
    established: parent.token.established as TSessionEstablished,
  });
  // By the person, acting as the account being left.
  await recordAudit(db, identityOf(actor, context), {
    action: AUDIT_ACTION[kind].end,
    targetUserId: actor.id,
  });
  return { token, message: 'Welcome back.', user: await loadSessionUser(db, parent.user.id) };
}
