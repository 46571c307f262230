import { ALL_MEMBERSHIPS, MEMBERSHIP_NAMES } from '@portal/shared/memberships';
import {
  isEstablishedWithSecondFactor,
  POLICY_SECOND_FACTOR_MESSAGE,
  POLICY_SUPER_ADMIN_ONLY_MESSAGE,
  type TSecondFactorPolicy,
} from '@portal/shared/second-factors';
import { identityOf } from '../../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../../auth/actor.ts';
import type { Db } from '../../../db/client.ts';
import { forbidden } from '../../../errors/app-error.ts';
import { auditFactor, mailFactorNotice } from './factor-notices.ts';
import {
  findPortalAdminContacts,
  findRequiredMemberships,
  writeSecondFactorPolicy,
} from './factors.repository.ts';

/** Why this caller may not change the policy: the super admin, signed in with a second factor, may. */
function policyChangeRefusal(actor: Actor): string | null {
  if (!actor.isSuperuser || actor.session.kind !== 'login') return POLICY_SUPER_ADMIN_ONLY_MESSAGE;
  if (!isEstablishedWithSecondFactor(actor.session.established)) return POLICY_SECOND_FACTOR_MESSAGE;
  return null;
}

/** Every account type with whether it must have a second factor (the others are offered one). */
export async function getSecondFactorPolicy(db: Db, actor: Actor): Promise<TSecondFactorPolicy> {
  const required = await findRequiredMemberships(db);
  return {
    account_types: ALL_MEMBERSHIPS.map((id) => ({
      id,
      name: `${MEMBERSHIP_NAMES[id]}${id === 10 ? ' (10)' : ''}`,
      required: required.has(id),
    })),
    change_refused: policyChangeRefusal(actor),
  };
}

const describeTypes = (ids: Iterable<number>) =>
  [...ids]
    .sort((a, b) => a - b)
    .map((id) => MEMBERSHIP_NAMES[id as keyof typeof MEMBERSHIP_NAMES] ?? String(id))
    .join(', ') || 'none';

/**
 * Sets which account types must have a second factor. Accounts already signed in keep their
 * sessions; the policy applies at each account's next sign-in (and to removing a last factor).
 */
export async function updateSecondFactorPolicy(
  db: Db,
  actor: Actor,
  required: readonly number[],
  context: RequestContext,
): Promise<TSecondFactorPolicy> {
  const refusal = policyChangeRefusal(actor);
  if (refusal) throw forbidden(refusal);
  await db.transaction(async (tx) => {
    const before = await findRequiredMemberships(tx);
    const after = new Set(required);
    await writeSecondFactorPolicy(tx, ALL_MEMBERSHIPS, after, actor.id);
    await auditFactor(tx, identityOf(actor, context), {
      action: 'policy_changed',
      targetUserId: null,
      detail: { before: [...before].sort((a, b) => a - b), after: [...after].sort((a, b) => a - b) },
    });
    // Every admin hears of it: a policy quietly switched off is how a takeover would begin.
    for (const admin of await findPortalAdminContacts(tx)) {
      await mailFactorNotice(
        tx,
        admin,
        'The Portal sign-in policy was changed',
        `${actor.email} changed which account types must use a second factor. Before: ${describeTypes(before)}. Now: ${describeTypes(after)}.`,
      );
    }
  });
  return getSecondFactorPolicy(db, actor);
}
