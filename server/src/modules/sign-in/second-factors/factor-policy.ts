import { ALL_MEMBERSHIPS, MEMBERSHIP_NAMES } from '@portal/shared/memberships';
import type { TSecondFactorPolicy } from '@portal/shared/second-factors';
import { identityOf } from '../../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../../auth/actor.ts';
import type { Db } from '../../../db/client.ts';
import { auditFactor } from './factor-notices.ts';
import { findRequiredMemberships, writeSecondFactorPolicy } from './factors.repository.ts';

/** Every account type with whether it must have a second factor (the others are offered one). */
export async function getSecondFactorPolicy(db: Db): Promise<TSecondFactorPolicy> {
  const required = await findRequiredMemberships(db);
  return {
    account_types: ALL_MEMBERSHIPS.map((id) => ({
      id,
      name: `${MEMBERSHIP_NAMES[id]}${id === 10 ? ' (10)' : ''}`,
      required: required.has(id),
    })),
  };
}

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
  await db.transaction(async (tx) => {
    const before = await findRequiredMemberships(tx);
    const after = new Set(required);
    await writeSecondFactorPolicy(tx, ALL_MEMBERSHIPS, after, actor.id);
    await auditFactor(tx, identityOf(actor, context), {
      action: 'policy_changed',
      targetUserId: null,
      detail: { before: [...before].sort((a, b) => a - b), after: [...after].sort((a, b) => a - b) },
    });
  });
  return getSecondFactorPolicy(db);
}
