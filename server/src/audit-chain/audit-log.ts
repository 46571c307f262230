import { and, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { auditLog } from '../db/schema/platform.ts';
import { type AuditIdentity, isAuditIdentity } from './audit-identity.ts';

export type { AuditIdentity } from './audit-identity.ts';
export { identityOf, SYSTEM_IDENTITY, visitorIdentity } from './audit-identity.ts';

/** What happened; who did it is the AuditIdentity beside it, never fields of the entry. */
export type AuditEntry = {
  action: string;
  targetUserId?: number | null;
  /** The patient the row is about: the patient's "who saw my record" and the audit filters. */
  patientId?: number | null;
  objectType?: string;
  objectId?: string | number;
  email?: string;
  detail?: Record<string, unknown>;
};

/**
 * Writes an audit row `by` an identity (person, account acted as, address), in the caller's
 * transaction when it passes one (so a change and its record commit together). The database chains
 * and protects it (docs/decisions/024-audit-trail.md).
 */
export async function recordAudit(db: Db, by: AuditIdentity, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, null, auditRow(by, entry));
}

type AuditRow = ReturnType<typeof auditRow>;

/** One row's INSERT, built once: every listing of patients writes one. */
const insertAuditRow = preparedQuery((db: Db) =>
  db.insert(auditLog).values({
    action: sql.placeholder('action'),
    actorUserId: sql.placeholder('actorUserId'),
    actingAsUserId: sql.placeholder('actingAsUserId'),
    ip: sql.placeholder('ip'),
    targetUserId: sql.placeholder('targetUserId'),
    patientId: sql.placeholder('patientId'),
    objectType: sql.placeholder('objectType'),
    objectId: sql.placeholder('objectId'),
    email: sql.placeholder('email'),
    detail: sql.placeholder('detail'),
  } satisfies Record<keyof AuditRow, unknown>),
);

function auditRow(by: AuditIdentity, entry: AuditEntry) {
  if (!isAuditIdentity(by))
    throw new Error('An audit identity comes from identityOf, visitorIdentity or SYSTEM_IDENTITY');
  return {
    action: entry.action,
    actorUserId: by.actorUserId,
    actingAsUserId: by.actingAsUserId,
    ip: by.ip,
    targetUserId: entry.targetUserId ?? null,
    patientId: entry.patientId ?? null,
    objectType: entry.objectType ?? '',
    objectId: entry.objectId === undefined ? '' : String(entry.objectId),
    email: entry.email?.toLowerCase() ?? '',
    detail: entry.detail ?? {},
  };
}

type Waiting = { row: AuditRow; done: (error?: unknown) => void };

/** Rows at most one INSERT carries: bounds the statement whatever the load. */
const MAX_ROWS_PER_INSERT = 500;

/**
 * Group commit for rows that are not part of a change (a listing of patients): the first row is
 * written at once; rows that arrive while that write is in flight wait for it and then go together in
 * one INSERT. Every row is still committed before its caller goes on, so a list is never sent before
 * its record is written; but under load a hundred listings cost one chain lock and one commit, not a
 * hundred in a row (docs/decisions/035).
 */
class GroupedAuditWriter {
  readonly #db: Db;
  #waiting: Waiting[] = [];
  #writing = false;

  constructor(db: Db) {
    this.#db = db;
  }

  write(row: Waiting['row']): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ row, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.#writing) void this.#writeAll();
    });
  }

  async #writeAll(): Promise<void> {
    this.#writing = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, MAX_ROWS_PER_INSERT);
      try {
        if (batch.length === 1) await insertAuditRow(this.#db, null, batch[0].row);
        else await this.#db.insert(auditLog).values(batch.map((waiting) => waiting.row));
        for (const waiting of batch) waiting.done();
      } catch (error) {
        for (const waiting of batch) waiting.done(error ?? new Error('The audit row was not written'));
      }
    }
    this.#writing = false;
  }
}

const groupedWriters = new WeakMap<Db, GroupedAuditWriter>();

/**
 * recordAudit for a row that stands alone (not inside a transaction of a change), written together
 * with the rows other requests write at the same moment. Resolves once the row is committed.
 */
export async function recordAuditGrouped(db: Db, by: AuditIdentity, entry: AuditEntry): Promise<void> {
  const row = auditRow(by, entry);
  let writer = groupedWriters.get(db);
  if (!writer) {
    writer = new GroupedAuditWriter(db);
    groupedWriters.set(db, writer);
  }
  return writer.write(row);
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
