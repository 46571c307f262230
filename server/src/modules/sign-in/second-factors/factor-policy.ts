import { ALL_MEMBERSHIPS, MEMBERSHIP_NAMES, type MembershipId } from '@portal/shared/memberships';
import type { TSecondFactorPolicy } from '@portal/shared/second-factors';
import { asc, sql } from 'drizzle-orm';
import type { Actor, RequestContext } from '../../../auth/actor.ts';
import type { Db } from '../../../db/client.ts';
import { secondFactorPolicy } from '../../../db/schema/second-factors.ts';
import { auditFactor } from './factor-notices.ts';

async function requiredMemberships(db: Db): Promise<Set<number>> {
  const rows = await db.select().from(secondFactorPolicy).orderBy(asc(secondFactorPolicy.membershipId));
  return new Set(rows.filter((row) => row.required).map((row) => row.membershipId));
}

/** Every account type with whether it must have a second factor (the others are offered one). */
export async function getSecondFactorPolicy(db: Db): Promise<TSecondFactorPolicy> {
  const required = await requiredMemberships(db);
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
    const before = await requiredMemberships(tx);
    const after = new Set(required);
    const now = new Date();
    await tx
      .insert(secondFactorPolicy)
      .values(
        ALL_MEMBERSHIPS.map((id: MembershipId) => ({
          membershipId: id,
          required: after.has(id),
          updatedAt: now,
          updatedBy: actor.id,
        })),
      )
      .onConflictDoUpdate({
        target: secondFactorPolicy.membershipId,
        set: { required: sql`excluded.required`, updatedAt: now, updatedBy: actor.id },
      });
    await auditFactor(tx, {
      action: 'policy_changed',
      actorUserId: actor.id,
      targetUserId: null,
      ip: context.ip,
      detail: { before: [...before].sort((a, b) => a - b), after: [...after].sort((a, b) => a - b) },
    });
  });
  return getSecondFactorPolicy(db);
}
