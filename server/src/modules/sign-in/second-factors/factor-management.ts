import {
  LAST_REQUIRED_FACTOR_MESSAGE,
  LINKED_SESSION_FACTORS_MESSAGE,
  REAUTHENTICATE_MESSAGE,
  type TFactorAdded,
  type TRegistrationResponse,
  type TSecondFactors,
  type TTotpSetup,
  WRONG_CODE_MESSAGE,
} from '@portal/shared/second-factors';
import { identityOf } from '../../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../../auth/actor.ts';
import type { SecretBox } from '../../../auth/secret-box.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../errors/app-error.ts';
import { verifyCurrentPassword } from '../../accounts/reauthentication.ts';
import { auditFactor, mailFactorNotice } from './factor-notices.ts';
import {
  deletePasskeyOf,
  deleteRecoveryCodes,
  deleteTotp,
  type FactorAccount,
  findAccountForFactors,
  findPasskeysOf,
  findTotpOf,
  hasSecondFactor,
  isSecondFactorRequired,
  renamePasskeyOf,
  summarizeFactors,
} from './factors.repository.ts';
import {
  insertPasskey,
  PasskeyRefused,
  passkeyRegistrationOptions,
  verifyPasskeyRegistration,
} from './passkeys.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';
import type { RelyingParty } from './relying-party.ts';
import { completePendingSignIn } from './sign-in.ts';
import { acceptTotpCode, startTotpSetup } from './totp.ts';

/** What the factor routes need besides the database. */
export type FactorDeps = { db: Db; box: SecretBox; sessionTtlDays: number; wakeMail(): void };

async function ownAccount(db: Db, actor: Actor): Promise<FactorAccount> {
  const account = await findAccountForFactors(db, actor.id);
  if (!account) throw notFound();
  return account;
}

/**
 * Who changes an account's factors (docs/decisions/031): its holder, in a session of its own (never
 * Login As or "Access to this HC", decision 009), with the password typed again, except during
 * enrolment, minutes after the password. A wrong password counts in the login throttle.
 */
export async function assertCanChangeFactors(
  db: Db,
  actor: Actor,
  currentPassword: string | undefined,
  context: RequestContext,
): Promise<FactorAccount> {
  if (actor.session.kind !== 'login') throw forbidden(LINKED_SESSION_FACTORS_MESSAGE);
  const account = await ownAccount(db, actor);
  if (actor.session.stage === 'enrolment') return account;
  if (!currentPassword)
    throw badRequest(REAUTHENTICATE_MESSAGE, { current_password: REAUTHENTICATE_MESSAGE });
  await verifyCurrentPassword(db, actor, {
    account,
    password: currentPassword,
    field: 'current_password',
    failedAction: 'second_factor.reauthentication_failed',
    context,
  });
  return account;
}

/** The holder may look at its factors (also during enrolment); never through a linked session. */
function assertOwnSession(actor: Actor): void {
  if (actor.session.kind !== 'login') throw forbidden(LINKED_SESSION_FACTORS_MESSAGE);
}

export async function listOwnFactors(db: Db, actor: Actor, rp: RelyingParty): Promise<TSecondFactors> {
  assertOwnSession(actor);
  const account = await ownAccount(db, actor);
  const [keys, totp, summary, required] = await Promise.all([
    findPasskeysOf(db, actor.id),
    findTotpOf(db, actor.id),
    summarizeFactors(db, actor.id, rp.id),
    isSecondFactorRequired(db, account),
  ]);
  const confirmed = totp?.confirmedAt ? totp : undefined;
  return {
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      created_at: key.createdAt.toISOString(),
      last_used_at: key.lastUsedAt?.toISOString() ?? null,
      backed_up: key.backedUp,
      other_address: key.rpId !== rp.id,
    })),
    totp: {
      enabled: confirmed !== undefined,
      added_at: confirmed?.confirmedAt?.toISOString() ?? null,
      last_used_at: confirmed?.lastUsedAt?.toISOString() ?? null,
    },
    recovery_codes_left: summary.recoveryCodesLeft,
    required,
  };
}

/**
 * What follows a factor added, in its transaction: recovery codes when it is the account's first
 * (shown once), the audit row and the notice mail, and during enrolment the full session.
 */
async function afterFactorAdded(
  tx: Db,
  deps: FactorDeps,
  actor: Actor,
  account: FactorAccount,
  added: { method: 'passkey' | 'totp'; detail: Record<string, unknown>; wasFirst: boolean; notice: string },
  context: RequestContext,
): Promise<TFactorAdded> {
  const recoveryCodes = added.wasFirst ? await replaceRecoveryCodes(tx, account.id) : null;
  await auditFactor(tx, identityOf(actor, context), {
    action: 'added',
    targetUserId: actor.id,
    detail: { method: added.method, ...added.detail },
  });
  await mailFactorNotice(tx, account, 'A second factor was added to your Portal account', added.notice);
  const signIn =
    actor.session.stage === 'enrolment'
      ? await completePendingSignIn(
          tx,
          actor,
          {
            established: added.method === 'passkey' ? 'password+passkey' : 'password+totp',
            ttlDays: deps.sessionTtlDays,
          },
          context,
        )
      : null;
  return {
    message:
      added.method === 'passkey' ? 'Your passkey has been added.' : 'Your authenticator app has been set up.',
    recovery_codes: recoveryCodes,
    sign_in: signIn,
  };
}

export async function startPasskeyRegistration(
  deps: FactorDeps,
  actor: Actor,
  rp: RelyingParty,
  currentPassword: string | undefined,
  context: RequestContext,
) {
  const account = await assertCanChangeFactors(deps.db, actor, currentPassword, context);
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  return passkeyRegistrationOptions(deps.db, { id: account.id, email: account.email, name }, rp);
}

/**
 * Stores a passkey whose registration checks out. The registration's challenge was issued after the
 * password (startPasskeyRegistration), so the password is not asked twice.
 */
export async function finishPasskeyRegistration(
  deps: FactorDeps,
  actor: Actor,
  rp: RelyingParty,
  input: { name: string; response: TRegistrationResponse },
  context: RequestContext,
): Promise<TFactorAdded> {
  assertOwnSession(actor);
  const account = await ownAccount(deps.db, actor);
  let passkey: Awaited<ReturnType<typeof verifyPasskeyRegistration>>;
  try {
    passkey = await verifyPasskeyRegistration(deps.db, account, rp, input);
  } catch (error) {
    if (error instanceof PasskeyRefused) {
      await auditFactor(deps.db, identityOf(actor, context), {
        action: 'failed',
        targetUserId: actor.id,
        detail: { method: 'passkey', step: 'registration', reason: error.reason },
      });
    }
    throw error;
  }
  const result = await deps.db.transaction(async (tx) => {
    const wasFirst = !hasSecondFactor(await summarizeFactors(tx, account.id, rp.id));
    const row = await insertPasskey(tx, passkey);
    return afterFactorAdded(
      tx,
      deps,
      actor,
      account,
      {
        method: 'passkey',
        detail: { passkey_id: row.id, name: row.name, rp_id: row.rpId },
        wasFirst,
        notice: `A passkey named "${row.name}" was added to your account. It can now be used to sign in.`,
      },
      context,
    );
  });
  deps.wakeMail();
  return result;
}

export async function beginTotpSetup(
  deps: FactorDeps,
  actor: Actor,
  rp: RelyingParty,
  currentPassword: string | undefined,
  context: RequestContext,
): Promise<TTotpSetup> {
  const account = await assertCanChangeFactors(deps.db, actor, currentPassword, context);
  const setup = await startTotpSetup(deps.db, deps.box, account, rp.name === 'Portal' ? 'Portal' : rp.name);
  if (!setup) throw conflict('An authenticator app is set up already. Remove it first to set up another.');
  return { secret: setup.secret, otpauth_url: setup.otpauthUrl, qr_code: setup.qrCode };
}

/** The first code from the app proves it holds the secret: the app becomes a factor. */
export async function confirmTotpSetup(
  deps: FactorDeps,
  actor: Actor,
  rp: RelyingParty,
  code: string,
  context: RequestContext,
): Promise<TFactorAdded> {
  assertOwnSession(actor);
  const account = await ownAccount(deps.db, actor);
  const result = await deps.db.transaction(async (tx) => {
    const wasFirst = !hasSecondFactor(await summarizeFactors(tx, account.id, rp.id));
    if (!(await acceptTotpCode(tx, deps.box, account.id, code, 'unconfirmed'))) return null;
    return afterFactorAdded(
      tx,
      deps,
      actor,
      account,
      {
        method: 'totp',
        detail: {},
        wasFirst,
        notice: 'An authenticator app was set up on your account. Its codes can now be used to sign in.',
      },
      context,
    );
  });
  if (!result) {
    const pending = await findTotpOf(deps.db, account.id);
    await auditFactor(deps.db, identityOf(actor, context), {
      action: 'failed',
      targetUserId: actor.id,
      detail: { method: 'totp', step: 'setup' },
    });
    if (!pending || pending.confirmedAt) throw badRequest('Start setting up the authenticator app again.');
    throw badRequest(WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE });
  }
  deps.wakeMail();
  return result;
}

/**
 * Refuses to remove an account's last factor when its type must have one; removing the last one
 * otherwise takes the recovery codes with it.
 */
async function assertMayRemove(tx: Db, account: FactorAccount, remainingAfter: boolean): Promise<void> {
  if (!remainingAfter && (await isSecondFactorRequired(tx, account))) {
    throw new AppError(409, LAST_REQUIRED_FACTOR_MESSAGE);
  }
}

async function afterFactorRemoved(
  tx: Db,
  actor: Actor,
  account: FactorAccount,
  removed: { method: 'passkey' | 'totp'; detail: Record<string, unknown>; notice: string },
  context: RequestContext,
): Promise<void> {
  // Recovery codes stand in for a factor: without any factor they would be a password's equal.
  if (!hasSecondFactor(await summarizeFactors(tx, account.id, ''))) await deleteRecoveryCodes(tx, account.id);
  await auditFactor(tx, identityOf(actor, context), {
    action: 'removed',
    targetUserId: actor.id,
    detail: { method: removed.method, ...removed.detail },
  });
  await mailFactorNotice(tx, account, 'A second factor was removed from your Portal account', removed.notice);
}

export async function removePasskey(
  deps: FactorDeps,
  actor: Actor,
  passkeyId: number,
  currentPassword: string | undefined,
  context: RequestContext,
): Promise<void> {
  const account = await assertCanChangeFactors(deps.db, actor, currentPassword, context);
  await deps.db.transaction(async (tx) => {
    const removed = await deletePasskeyOf(tx, account.id, passkeyId);
    if (!removed) throw notFound('This passkey does not exist.');
    await assertMayRemove(tx, account, hasSecondFactor(await summarizeFactors(tx, account.id, '')));
    await afterFactorRemoved(
      tx,
      actor,
      account,
      {
        method: 'passkey',
        detail: { passkey_id: removed.id, name: removed.name },
        notice: `The passkey named "${removed.name}" was removed from your account: it no longer signs in.`,
      },
      context,
    );
  });
  deps.wakeMail();
}

export async function removeTotp(
  deps: FactorDeps,
  actor: Actor,
  currentPassword: string | undefined,
  context: RequestContext,
): Promise<void> {
  const account = await assertCanChangeFactors(deps.db, actor, currentPassword, context);
  await deps.db.transaction(async (tx) => {
    const hadConfirmed = await deleteTotp(tx, account.id);
    if (!hadConfirmed) throw notFound('No authenticator app is set up.');
    await assertMayRemove(tx, account, hasSecondFactor(await summarizeFactors(tx, account.id, '')));
    await afterFactorRemoved(
      tx,
      actor,
      account,
      {
        method: 'totp',
        detail: {},
        notice: 'The authenticator app was removed from your account: its codes no longer sign in.',
      },
      context,
    );
  });
  deps.wakeMail();
}

export async function renamePasskey(db: Db, actor: Actor, passkeyId: number, name: string): Promise<void> {
  assertOwnSession(actor);
  if (!(await renamePasskeyOf(db, actor.id, passkeyId, name))) throw notFound('This passkey does not exist.');
}

/** Ten new recovery codes (the old ones stop working), for an account that has a second factor. */
export async function renewRecoveryCodes(
  deps: FactorDeps,
  actor: Actor,
  currentPassword: string | undefined,
  context: RequestContext,
): Promise<string[]> {
  const account = await assertCanChangeFactors(deps.db, actor, currentPassword, context);
  const codes = await deps.db.transaction(async (tx) => {
    if (!hasSecondFactor(await summarizeFactors(tx, account.id, ''))) {
      throw badRequest('Add a passkey or an authenticator app first: recovery codes stand in for them.');
    }
    const fresh = await replaceRecoveryCodes(tx, account.id);
    await auditFactor(tx, identityOf(actor, context), {
      action: 'recovery_codes_renewed',
      targetUserId: actor.id,
      detail: {},
    });
    await mailFactorNotice(
      tx,
      account,
      'New recovery codes for your Portal account',
      'New recovery codes were made for your account. The earlier ones no longer work.',
    );
    return fresh;
  });
  deps.wakeMail();
  return codes;
}
