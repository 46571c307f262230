import {
  type TAuthenticationResponse,
  type TCompleteSignIn,
  type TSecondFactorMethod,
  WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from '@portal/shared/second-factors';
import { visitorIdentity } from '../../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../../auth/actor.ts';
import type { Db } from '../../../db/client.ts';
import { badRequest } from '../../../errors/app-error.ts';
import {
  refundAddressAttempt,
  refundSecondFactorAttempt,
  reserveAddressAttempt,
  reserveSecondFactorAttempt,
} from '../../accounts/login-throttle.ts';
import { INACTIVE_MESSAGE, LOGIN_FAILED_MESSAGE } from '../sign-in.service.ts';
import type { FactorDeps } from './factor-management.ts';
import { auditFactor, mailFactorNotice } from './factor-notices.ts';
import { countUnusedRecoveryCodes, type FactorAccount, findAccountForFactors } from './factors.repository.ts';
import { authenticateWithPasskey, PasskeyRefused, passkeyAuthenticationOptions } from './passkeys.ts';
import { consumeRecoveryCode } from './recovery-codes.ts';
import type { RelyingParty } from './relying-party.ts';
import { assertPendingStage, completePendingSignIn, issueFullSession } from './sign-in.ts';
import { acceptTotpCode } from './totp.ts';

async function pendingAccount(db: Db, actor: Actor): Promise<FactorAccount> {
  assertPendingStage(actor, 'second_factor');
  const account = await findAccountForFactors(db, actor.id);
  if (!account) throw badRequest(LOGIN_FAILED_MESSAGE);
  return account;
}

/**
 * Counted like a password (per account and address) and per account alone, taken before the factor
 * is checked so that a burst from many addresses is evaluated no more than the limit allows.
 */
function reserveAttempt(db: Db, account: FactorAccount, context: RequestContext): Promise<void> {
  return reserveSecondFactorAttempt(db, account, context.ip);
}

function refundAttempt(db: Db, account: FactorAccount, context: RequestContext): Promise<void> {
  return refundSecondFactorAttempt(db, account, context.ip);
}

async function refuse(
  db: Db,
  account: { id: number } | null,
  method: TSecondFactorMethod,
  reason: string,
  context: RequestContext,
): Promise<void> {
  await auditFactor(db, visitorIdentity(context.ip, account?.id ?? null), {
    action: 'failed',
    targetUserId: account?.id ?? null,
    detail: { method, step: 'sign_in', reason },
  });
}

export async function passkeyStepOptions(db: Db, actor: Actor, rp: RelyingParty) {
  assertPendingStage(actor, 'second_factor');
  return passkeyAuthenticationOptions(db, rp, actor.id);
}

export async function finishWithTotp(
  deps: FactorDeps,
  actor: Actor,
  code: string,
  context: RequestContext,
): Promise<TCompleteSignIn> {
  const account = await pendingAccount(deps.db, actor);
  await reserveAttempt(deps.db, account, context);
  const signIn = await deps.db.transaction(async (tx) => {
    if (!(await acceptTotpCode(tx, deps.box, account.id, code, 'confirmed'))) return null;
    return completeWithFactor(tx, deps, { actor, account, context }, 'totp', {});
  });
  if (!signIn) {
    await refuse(deps.db, account, 'totp', 'wrong or used code', context);
    throw badRequest(WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE });
  }
  await refundAttempt(deps.db, account, context);
  return signIn;
}

/** The factor's "used" row and the full session, in the transaction that accepted the factor. */
async function completeWithFactor(
  tx: Db,
  deps: FactorDeps,
  step: { actor: Actor; account: { id: number }; context: RequestContext },
  method: 'totp' | 'recovery_code' | 'passkey',
  detail: Record<string, unknown>,
): Promise<TCompleteSignIn> {
  await auditFactor(tx, visitorIdentity(step.context.ip, step.account.id), {
    action: 'used',
    targetUserId: step.account.id,
    detail: { method, ...detail },
  });
  return completePendingSignIn(
    tx,
    step.actor,
    { established: `password+${method}`, ttlDays: deps.sessionTtlDays },
    step.context,
  );
}

export async function finishWithRecoveryCode(
  deps: FactorDeps,
  actor: Actor,
  code: string,
  context: RequestContext,
): Promise<TCompleteSignIn> {
  const account = await pendingAccount(deps.db, actor);
  await reserveAttempt(deps.db, account, context);
  const signIn = await deps.db.transaction(async (tx) => {
    if (!(await consumeRecoveryCode(tx, account.id, code))) return null;
    const left = await countUnusedRecoveryCodes(tx, account.id);
    await mailFactorNotice(
      tx,
      account,
      'A recovery code was used on your Portal account',
      `A recovery code was used to sign in to your account. ${left} of them are left; you can make new ones under Sign-in Security.`,
    );
    return completeWithFactor(tx, deps, { actor, account, context }, 'recovery_code', { left });
  });
  if (!signIn) {
    await refuse(deps.db, account, 'recovery_code', 'wrong or used code', context);
    throw badRequest(WRONG_RECOVERY_CODE_MESSAGE, { code: WRONG_RECOVERY_CODE_MESSAGE });
  }
  await refundAttempt(deps.db, account, context);
  deps.wakeMail();
  return signIn;
}

export async function finishWithPasskey(
  deps: FactorDeps,
  actor: Actor,
  rp: RelyingParty,
  response: TAuthenticationResponse,
  context: RequestContext,
): Promise<TCompleteSignIn> {
  const account = await pendingAccount(deps.db, actor);
  await reserveAttempt(deps.db, account, context);
  let passkeyId: number;
  try {
    passkeyId = (await authenticateWithPasskey(deps.db, rp, response, account.id)).id;
  } catch (error) {
    if (error instanceof PasskeyRefused) await refuse(deps.db, account, 'passkey', error.reason, context);
    throw error;
  }
  const signIn = await deps.db.transaction((tx) =>
    completeWithFactor(tx, deps, { actor, account, context }, 'passkey', { passkey_id: passkeyId }),
  );
  await refundAttempt(deps.db, account, context);
  return signIn;
}

/**
 * A passkey alone (no e-mail typed): a discoverable credential with user verification stands for
 * both factors. Failures count against the address; the account must be active and confirmed.
 */
export async function signInWithPasskey(
  deps: FactorDeps,
  rp: RelyingParty,
  response: TAuthenticationResponse,
  context: RequestContext,
): Promise<TCompleteSignIn> {
  await reserveAddressAttempt(deps.db, context.ip);
  let passkey: Awaited<ReturnType<typeof authenticateWithPasskey>>;
  try {
    passkey = await authenticateWithPasskey(deps.db, rp, response, null);
  } catch (error) {
    if (error instanceof PasskeyRefused) await refuse(deps.db, null, 'passkey', error.reason, context);
    throw error;
  }
  const account = await findAccountForFactors(deps.db, passkey.userId);
  if (!account?.isActive || account.emailConfirmedAt === null) {
    await refuse(deps.db, account ?? null, 'passkey', 'inactive or unconfirmed account', context);
    throw badRequest(INACTIVE_MESSAGE);
  }
  await refundAddressAttempt(deps.db, context.ip);
  return deps.db.transaction(async (tx) => {
    await auditFactor(tx, visitorIdentity(context.ip, account.id), {
      action: 'used',
      targetUserId: account.id,
      detail: { method: 'passkey', passkey_id: passkey.id, alone: true },
    });
    return issueFullSession(tx, account, { established: 'passkey', ttlDays: deps.sessionTtlDays }, context);
  });
}
