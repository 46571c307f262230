import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The rows of a raw query, whichever driver answered (node-postgres: an array; PGlite: { rows }). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
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
 * anchor (the retention purge removes the oldest rows). Rows cut from the newest end are found by
 * comparing with the checkpoint kept outside the database (audit-checkpoint.ts, decision 028).
 */
export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  const [row] = await selectRows<{ rows: number; chain_seq: number | null; reason: string | null }>(
    db,
    sql`
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
  `,
  );
  if (!row?.reason) return { ok: true, rows: Number(row?.rows ?? 0) };
  return { ok: false, rows: Number(row.rows), chainSeq: Number(row.chain_seq ?? 0), reason: row.reason };
}

/**
 * Deletes the audit rows past the retention period through the database's one purge function
 * (`audit_log_purge`, decision 028): the period is the database's own, no caller names it.
 */
export async function purgeExpiredAudit(db: Db): Promise<number> {
  const [row] = await selectRows<{ deleted: number }>(db, sql`SELECT audit_log_purge() AS deleted`);
  return Number(row?.deleted ?? 0);
}
