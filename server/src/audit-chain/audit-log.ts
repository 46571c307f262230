import { and, count, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';

export type AuditEntry = {
  action: string;
  /** The person (the admin behind Login As, the staff member behind staff access). */
  actorUserId?: number | null;
  /** The account that person acted as, when not their own. */
  actingAsUserId?: number | null;
  targetUserId?: number | null;
  /** The patient the row is about: the patient's "who saw my record" and the audit filters. */
  patientId?: number | null;
  objectType?: string;
  objectId?: string | number;
  email?: string;
  ip?: string;
  detail?: Record<string, unknown>;
};

/**
 * Writes an audit row, in the caller's transaction when it passes one (so a change and its record
 * commit together). The database chains and protects it (docs/decisions/024-audit-trail.md).
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    actingAsUserId: entry.actingAsUserId ?? null,
    targetUserId: entry.targetUserId ?? null,
    patientId: entry.patientId ?? null,
    objectType: entry.objectType ?? '',
    objectId: entry.objectId === undefined ? '' : String(entry.objectId),
    email: entry.email?.toLowerCase() ?? '',
    ip: entry.ip ?? '',
    detail: entry.detail ?? {},
  });
}

/** Who did it, from a session: the person, and the account acted as when that is another one. */
export function auditIdentity(actor: { id: number; session: { actorUserId: number | null } }) {
  const person = actor.session.actorUserId ?? actor.id;
  return { actorUserId: person, actingAsUserId: person === actor.id ? null : actor.id };
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
