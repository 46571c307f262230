import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';

/** Raw rows of db.execute, whichever driver answered (postgres.js: an array; PGlite: { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** How the chain stands: whole, or the first row where it breaks and why. */
export type AuditChainReport =
  | { ok: true; rows: number }
  | { ok: false; rows: number; chainSeq: number; reason: string };

/**
 * Walks the audit chain in the database (docs/decisions/024-audit-trail.md): every row's hash must
 * be the hash of its content and of the row before it, and the sequence must have no gap. An edited
 * row fails its own hash; a deleted one leaves a gap or a broken link. The first remaining row is the
 * anchor (the retention purge removes the oldest rows).
 */
export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  const result = await db.execute(sql`
    WITH chain AS (
      SELECT a.chain_seq, a.prev_hash, a.row_hash, audit_log_row_hash(a.prev_hash, a) AS computed,
             lag(a.chain_seq) OVER w AS previous_seq, lag(a.row_hash) OVER w AS previous_hash
        FROM audit_log a
       WINDOW w AS (ORDER BY a.chain_seq)
    ),
    broken AS (
      SELECT chain_seq,
             CASE
               WHEN row_hash IS NULL OR chain_seq IS NULL THEN 'the row was written outside the chain'
               WHEN row_hash <> computed THEN 'the row was changed after it was written'
               WHEN previous_seq IS NOT NULL AND chain_seq <> previous_seq + 1 THEN 'rows before it were deleted'
               WHEN previous_seq IS NOT NULL AND prev_hash <> previous_hash THEN 'it does not follow the row before it'
             END AS reason
        FROM chain
    )
    SELECT (SELECT count(*) FROM audit_log)::int AS rows, chain_seq::int AS chain_seq, reason
      FROM (SELECT * FROM broken WHERE reason IS NOT NULL ORDER BY chain_seq NULLS FIRST LIMIT 1) first_broken
     RIGHT JOIN (SELECT 1) one ON true
  `);
  const row = rowsOf<{ rows: number; chain_seq: number | null; reason: string | null }>(result)[0];
  if (!row?.reason) return { ok: true, rows: Number(row?.rows ?? 0) };
  return { ok: false, rows: Number(row.rows), chainSeq: Number(row.chain_seq ?? 0), reason: row.reason };
}

/**
 * Deletes the audit rows older than the retention period, the only deletion the database lets
 * through (the append-only trigger reads the period from this transaction's setting).
 */
export async function purgeExpiredAudit(db: Db, retentionYears: number): Promise<number> {
  return db.transaction(async (tx) => {
    const period = `${retentionYears} years`;
    await tx.execute(sql`SELECT set_config('portal.audit_retention', ${period}, true)`);
    const deleted = await tx
      .delete(auditLog)
      .where(lt(auditLog.createdAt, sql`now() - ${period}::interval`))
      .returning({ id: auditLog.id });
    return deleted.length;
  });
}
