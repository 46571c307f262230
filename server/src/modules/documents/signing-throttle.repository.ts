import { eq, sql } from 'drizzle-orm';
import { countRecentAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/platform.ts';

/** How often recent signing mails and sign-up attestations were asked for, read from the audit trail. */

/** Audit rows of `action` in the window for one signer e-mail and one document (its public id). */
export function countRecentOfDocument(
  db: Db,
  action: string,
  windowMs: number,
  of: { email: string; documentId: string },
): Promise<number> {
  return countRecentAudit(
    db,
    action,
    windowMs,
    eq(auditLog.email, of.email.toLowerCase()),
    sql`${auditLog.detail}->>'document_id' = ${of.documentId}`,
  );
}

/** Audit rows of `action` in the window from one address. */
export function countRecentFromIp(db: Db, action: string, windowMs: number, ip: string): Promise<number> {
  return countRecentAudit(db, action, windowMs, eq(auditLog.ip, ip));
}

/** Audit rows of `action` in the window for one e-mail (without regard to case). */
export function countRecentForEmail(
  db: Db,
  action: string,
  windowMs: number,
  email: string,
): Promise<number> {
  return countRecentAudit(db, action, windowMs, eq(auditLog.email, email.toLowerCase()));
}
