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
