import { and, eq, isNull } from 'drizzle-orm';
import { countRecentAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { passwordResetTokens } from '../../db/schema/auth.ts';
import { auditLog } from '../../db/schema/platform.ts';

/** The reads and writes behind resending an invitation (invitations.ts). */

/** The account an invitation is resent to, with what decides whether it may be. */
export async function findInvitee(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      membershipId: users.membershipId,
      isSuperuser: users.isSuperuser,
      domainId: users.domainId,
      isActive: users.isActive,
      lastLogin: users.lastLogin,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Locks the account's row for the caller's transaction: two resends of one account run one after the other. */
export async function lockInvitee(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many times `action` was recorded for the account within the window (the audit log keeps count). */
export function countRecentAuditOnAccount(tx: Db, action: string, windowMs: number, userId: number) {
  return countRecentAudit(tx, action, windowMs, eq(auditLog.targetUserId, userId));
}

/** Drops the account's unused password links, so that only the next one works. */
export async function deleteUnusedPasswordLinks(tx: Db, userId: number): Promise<void> {
  await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
