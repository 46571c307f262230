import { and, count, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';

export type AuditEntry = {
  action: string;
  actorUserId?: number | null;
  targetUserId?: number | null;
  email?: string;
  ip?: string;
  detail?: Record<string, unknown>;
};

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    targetUserId: entry.targetUserId ?? null,
    email: entry.email?.toLowerCase() ?? '',
    ip: entry.ip ?? '',
    detail: entry.detail ?? {},
  });
}

/**
 * How many `action` rows were written in the last `windowMs` that also match `where` (an account,
 * an address, an e-mail): the audit log doubles as the counter of resend and request limits, so
 * every process sees the same count.
 */
export async function countRecentAudit(
  db: Db,
  action: string,
  windowMs: number,
  ...where: SQL[]
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(eq(auditLog.action, action), gt(auditLog.createdAt, new Date(Date.now() - windowMs)), ...where),
    );
  return row?.n ?? 0;
}
