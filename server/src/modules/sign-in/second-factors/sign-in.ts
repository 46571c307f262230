import {
  NOT_PENDING_MESSAGE,
  PENDING_SIGN_IN_MINUTES,
  type TCompleteSignIn,
  type TPendingSignIn,
  type TPendingStage,
  type TSecondFactorMethod,
  type TSessionEstablished,
} from '@portal/shared/second-factors';
import { recordAudit, visitorIdentity } from '../../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../../auth/actor.ts';
import { noteSessionsChanged } from '../../../auth/session-invalidation.ts';
import { issueSessionToken } from '../../../auth/tokens.ts';
import type { Db } from '../../../db/client.ts';
import { badRequest } from '../../../errors/app-error.ts';
import { loadSessionUser } from '../session-user.ts';
import {
  claimPendingSession,
  hasSecondFactor,
  isSecondFactorRequired,
  recordLastLogin,
  summarizeFactors,
} from './factors.repository.ts';
import type { RelyingParty } from './relying-party.ts';

/**
 * What a right password leads to: a full session when the account has no second factor and its type
 * does not require one; the second step when it has one (whatever the policy: the person chose it);
 * enrolment when its type requires one and it has none.
 */
export async function stageAfterPassword(
  db: Db,
  account: { id: number; membershipId: number; secondFactorExempt: boolean },
  rp: RelyingParty,
): Promise<{ stage: 'complete' } | { stage: TPendingStage; methods: TSecondFactorMethod[] }> {
  const factors = await summarizeFactors(db, account.id, rp.id);
  if (hasSecondFactor(factors)) {
    const methods: TSecondFactorMethod[] = [];
    if (factors.passkeysHere > 0) methods.push('passkey');
    if (factors.totp) methods.push('totp');
    if (factors.recoveryCodesLeft > 0) methods.push('recovery_code');
    return { stage: 'second_factor', methods };
  }
  if (await isSecondFactorRequired(db, account)) return { stage: 'enrolment', methods: ['passkey', 'totp'] };
  return { stage: 'complete' };
}

/** A short session that opens only its next step (access.ts `signInStages`). */
export async function startPendingSignIn(
  db: Db,
  userId: number,
  step: { stage: TPendingStage; methods: TSecondFactorMethod[] },
  context: RequestContext,
): Promise<TPendingSignIn> {
  const { token, expiresAt } = await issueSessionToken(db, {
    userId,
    ttlDays: 1,
    ttlMinutes: PENDING_SIGN_IN_MINUTES,
    stage: step.stage,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  return {
    token,
    stage: step.stage,
    methods: step.methods,
    expires_at: expiresAt.toISOString(),
    message:
      step.stage === 'second_factor'
        ? 'Password accepted. Confirm it is you with your second factor.'
        : 'Password accepted. Your account must have a second factor: set one up to continue.',
  };
}

/** A full session, recorded with how it was established (login.succeeded). */
export async function issueFullSession(
  db: Db,
  account: { id: number; email: string },
  input: { established: TSessionEstablished; ttlDays: number },
  context: RequestContext,
): Promise<TCompleteSignIn> {
  const { token } = await issueSessionToken(db, {
    userId: account.id,
    ttlDays: input.ttlDays,
    ip: context.ip,
    userAgent: context.userAgent,
    established: input.established,
  });
  await recordLastLogin(db, account.id);
  await recordAudit(db, visitorIdentity(context.ip, account.id), {
    action: 'login.succeeded',
    targetUserId: account.id,
    email: account.email,
    detail: { established: input.established },
  });
  return {
    token,
    stage: 'complete',
    message: 'Login successful.',
    user: await loadSessionUser(db, account.id),
  };
}

/**
 * Ends a pending sign-in and returns the full session that replaces it: a new token (the pending
 * one, which the browser held before the second factor, never becomes a full session: no fixation).
 * The pending token is claimed by a guarded UPDATE, so one step cannot be finished twice.
 */
export async function completePendingSignIn(
  db: Db,
  actor: Actor,
  input: { established: TSessionEstablished; ttlDays: number },
  context: RequestContext,
): Promise<TCompleteSignIn> {
  noteSessionsChanged();
  if (!(await claimPendingSession(db, actor.session.tokenId, actor.session.stage))) {
    throw badRequest(NOT_PENDING_MESSAGE);
  }
  return issueFullSession(db, actor, input, context);
}

/** The steps' routes refuse a full session: there is nothing to finish. */
export function assertPendingStage(actor: Actor, stage: TPendingStage): void {
  if (actor.session.stage !== stage) throw badRequest(NOT_PENDING_MESSAGE);
}
