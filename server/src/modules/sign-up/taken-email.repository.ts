import { eq } from 'drizzle-orm';
import { type AuditIdentity, countRecentAudit, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/platform.ts';

const TAKEN_EMAIL = 'sign_up.email_taken';

/**
 * A public sign-up sent with an address that already has an account, on the audit trail: the trail
 * doubles as the counter that keeps the owner's inbox from being flooded with notices.
 */
export function noteTakenEmailSignUp(db: Db, by: AuditIdentity, ownerId: number, membershipId: number) {
  return recordAudit(db, by, {
    action: TAKEN_EMAIL,
    targetUserId: ownerId,
    detail: { membership_id: membershipId },
  });
}

export function countRecentTakenEmailSignUps(db: Db, ownerId: number, windowMs: number) {
  return countRecentAudit(db, TAKEN_EMAIL, windowMs, eq(auditLog.targetUserId, ownerId));
}
