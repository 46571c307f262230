import { desc, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';
import { FileNotFoundError, type FileStorage } from '../storage/file-storage.ts';
import { selectRows, verifyAuditChain } from './audit-chain.ts';

/**
 * The audit chain's head kept outside the database (docs/decisions/028-audit-retention-and-checkpoints.md):
 * whoever can set the table's triggers aside can delete the newest rows, and the chain alone cannot
 * tell that from a shorter log. The file storage keeps the head as it was at each checkpoint (hourly
 * and at each backup); the verification compares the database with the newest one.
 */
export const AUDIT_CHECKPOINT_FOLDER = 'audit/checkpoints';
const LATEST_KEY = `${AUDIT_CHECKPOINT_FOLDER}/latest.json`;
/** One file a day besides the newest (the day's last checkpoint): a history that stays small. */
const dayKey = (at: string) => `${AUDIT_CHECKPOINT_FOLDER}/${at.slice(0, 10)}.json`;

export const ZAuditCheckpoint = z.object({
  /** The chain's newest row when the checkpoint was taken, and its hash. */
  chainSeq: z.number().int().positive(),
  rowHash: z.string().min(1),
  /** When that row was written: once past the retention period, the purge may remove it. */
  rowCreatedAt: z.iso.datetime(),
  /** When the checkpoint was taken. */
  at: z.iso.datetime(),
});
export type AuditCheckpoint = z.infer<typeof ZAuditCheckpoint>;
export type AuditHead = Omit<AuditCheckpoint, 'at'>;

/** The newest checkpoint is there but is not one: the verification says so rather than passing. */
export class UnreadableCheckpointError extends Error {}

/** The chain's newest row, or null when the log is empty. */
export async function readAuditHead(db: Db): Promise<AuditHead | null> {
  const [head] = await db
    .select({ chainSeq: auditLog.chainSeq, rowHash: auditLog.rowHash, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(isNotNull(auditLog.chainSeq))
    .orderBy(desc(auditLog.chainSeq))
    .limit(1);
  if (head?.chainSeq == null || !head.rowHash) return null;
  return { chainSeq: head.chainSeq, rowHash: head.rowHash, rowCreatedAt: head.createdAt.toISOString() };
}

export async function readLatestCheckpoint(storage: FileStorage): Promise<AuditCheckpoint | null> {
  let bytes: Uint8Array;
  try {
    bytes = await storage.getBytes(LATEST_KEY);
  } catch (error) {
    if (error instanceof FileNotFoundError) return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    json = undefined;
  }
  const parsed = ZAuditCheckpoint.safeParse(json);
  if (!parsed.success) {
    throw new UnreadableCheckpointError(
      `the newest checkpoint (${LATEST_KEY} in the file storage) cannot be read`,
    );
  }
  return parsed.data;
}

/** Writes a checkpoint as the newest, and as its day's. */
export async function storeAuditCheckpoint(storage: FileStorage, checkpoint: AuditCheckpoint): Promise<void> {
  const bytes = new TextEncoder().encode(`${JSON.stringify(checkpoint)}\n`);
  const options = { contentType: 'application/json' };
  await storage.put(dayKey(checkpoint.at), bytes, options);
  await storage.put(LATEST_KEY, bytes, options);
}

/** Where the database no longer holds what a checkpoint recorded, and why; null when it does. */
export async function compareWithCheckpoint(
  db: Db,
  checkpoint: AuditCheckpoint,
): Promise<{ chainSeq: number; reason: string } | null> {
  const [state] = await selectRows<{ head: string | null; row_hash: string | null; past_retention: boolean }>(
    db,
    sql`SELECT (SELECT max(chain_seq) FROM audit_log)::text AS head,
               (SELECT row_hash FROM audit_log WHERE chain_seq = ${checkpoint.chainSeq}) AS row_hash,
               ${checkpoint.rowCreatedAt}::timestamptz < now() - (SELECT period FROM audit_retention) AS past_retention`,
  );
  const head = state?.head == null ? 0 : Number(state.head);
  const of = `the checkpoint of ${checkpoint.at}`;
  const chainSeq = checkpoint.chainSeq;
  if (head < chainSeq) {
    return {
      chainSeq,
      reason: `the newest rows were deleted: ${of} recorded the log up to this row, it now ends at row ${head}`,
    };
  }
  if (state.row_hash === null) {
    // Rows before the chain's first are gone: fine when the purge took them, past their period.
    if (state.past_retention) return null;
    return { chainSeq, reason: `it was deleted before its retention period ended (${of} recorded it)` };
  }
  if (state.row_hash !== checkpoint.rowHash) {
    return {
      chainSeq,
      reason: `it is not the row ${of} recorded: rows were deleted and others written in their place`,
    };
  }
  return null;
}

export type CheckpointOutcome =
  | { status: 'written' | 'unchanged'; checkpoint: AuditCheckpoint }
  | { status: 'empty' }
  | { status: 'refused'; reason: string };

/**
 * Checkpoints the head (`head` when the caller read it already, as a backup does) unless the database
 * no longer holds the newest checkpoint: moving on then would hide the deletion, so the old one stays
 * for the verification to report. A head not past the newest checkpoint writes nothing.
 */
export async function writeAuditCheckpoint(
  db: Db,
  storage: FileStorage,
  now = new Date(),
  head?: AuditHead | null,
): Promise<CheckpointOutcome> {
  let previous: AuditCheckpoint | null;
  try {
    previous = await readLatestCheckpoint(storage);
  } catch (error) {
    if (error instanceof UnreadableCheckpointError) return { status: 'refused', reason: error.message };
    throw error;
  }
  if (previous) {
    const mismatch = await compareWithCheckpoint(db, previous);
    if (mismatch) return { status: 'refused', reason: `row ${mismatch.chainSeq}: ${mismatch.reason}` };
  }
  const current = head === undefined ? await readAuditHead(db) : head;
  if (!current) return { status: 'empty' };
  // A head read before the newest checkpoint was written (a backup's, racing the hourly job).
  if (previous && current.chainSeq <= previous.chainSeq) return { status: 'unchanged', checkpoint: previous };
  const checkpoint = { ...current, at: now.toISOString() };
  await storeAuditCheckpoint(storage, checkpoint);
  return { status: 'written', checkpoint };
}

export type AuditTrailReport =
  | { ok: true; rows: number; checkpoint: AuditCheckpoint | null }
  | { ok: false; rows: number; chainSeq: number | null; reason: string };

/**
 * The admins' "Verify chain" and `npm run audit:verify`: the chain whole (audit-chain.ts), and
 * reaching the newest checkpoint's row with the hash it recorded.
 */
export async function verifyAuditTrail(db: Db, storage: FileStorage): Promise<AuditTrailReport> {
  const chain = await verifyAuditChain(db);
  if (!chain.ok) return chain;
  let checkpoint: AuditCheckpoint | null;
  try {
    checkpoint = await readLatestCheckpoint(storage);
  } catch (error) {
    if (!(error instanceof UnreadableCheckpointError)) throw error;
    return { ok: false, rows: chain.rows, chainSeq: null, reason: error.message };
  }
  const mismatch = checkpoint && (await compareWithCheckpoint(db, checkpoint));
  return mismatch ? { ok: false, rows: chain.rows, ...mismatch } : { ok: true, rows: chain.rows, checkpoint };
}

/** The report in one sentence (the command line's). */
export function auditTrailMessage(report: AuditTrailReport): string {
  if (!report.ok) {
    return report.chainSeq === null
      ? `Audit chain not verified: ${report.reason}.`
      : `Audit chain broken at row ${report.chainSeq} of ${report.rows}: ${report.reason}.`;
  }
  const checkpoint = report.checkpoint
    ? `it holds the newest checkpoint (row ${report.checkpoint.chainSeq}, ${report.checkpoint.at})`
    : 'no checkpoint yet';
  return `Audit chain intact: ${report.rows} rows; ${checkpoint}.`;
}
