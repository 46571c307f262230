import { MEMBERSHIP } from '@portal/shared/memberships';
import { desc, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purgeExpiredAudit, verifyAuditChain } from '../src/audit-chain/audit-chain.ts';
import {
  AUDIT_CHECKPOINT_FOLDER,
  auditTrailMessage,
  readLatestCheckpoint,
  verifyAuditTrail,
  writeAuditCheckpoint,
} from '../src/audit-chain/audit-checkpoint.ts';
import { recordAudit, SYSTEM_IDENTITY } from '../src/audit-chain/audit-log.ts';
import type { Db } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { ageAuditRows, asAuditTableOwner } from './helpers/audit-rows.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/**
 * The chain's head kept outside the database (issue 32, finding 3; decision 028): deleting the
 * newest rows, which the chain alone cannot tell from a shorter log, is found by the verify call and
 * `npm run audit:verify`.
 */

let t: TestApp;
let admin: UserRow;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin);
});
afterEach(() => t.close());

async function record(n: number, prefix = 'test.row') {
  for (let i = 0; i < n; i++) await recordAudit(t.db, SYSTEM_IDENTITY, { action: `${prefix}${i}` });
}

async function headSeq(db: Db): Promise<number> {
  const [row] = await db
    .select({ seq: auditLog.chainSeq })
    .from(auditLog)
    .orderBy(desc(auditLog.chainSeq))
    .limit(1);
  return row?.seq ?? 0;
}

const verifyCall = async () =>
  (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/audit-log/verify/' })).json();

async function storedCheckpointKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.storage.listKeys())
    if (key.startsWith(`${AUDIT_CHECKPOINT_FOLDER}/`)) keys.push(key);
  return keys.sort();
}

describe('audit checkpoints', () => {
  it('the hourly job writes the head (sequence, hash, time) to the file storage', async () => {
    await record(3);
    await t.app.auditCheckpoints.run();
    const head = await headSeq(t.db);
    const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.chainSeq)).limit(1);
    expect(await readLatestCheckpoint(t.app.storage)).toMatchObject({
      chainSeq: head,
      rowHash: row.rowHash,
      rowCreatedAt: row.createdAt.toISOString(),
      at: expect.any(String),
    });
    const keys = await storedCheckpointKeys();
    expect(keys).toContain(`${AUDIT_CHECKPOINT_FOLDER}/latest.json`);
    expect(keys.some((k) => /\/\d{4}-\d{2}-\d{2}\.json$/.test(k))).toBe(true);
    expect(await verifyCall()).toMatchObject({ ok: true, reason: null });
  });

  it('reports the newest rows deleted behind the triggers after a checkpoint, in the API and the CLI', async () => {
    await record(5);
    expect((await writeAuditCheckpoint(t.db, t.app.storage)).status).toBe('written');
    const checkpointSeq = await headSeq(t.db);
    expect(await verifyCall()).toMatchObject({ ok: true });

    // The tables' owner removes the two newest rows: the chain alone still looks whole.
    await asAuditTableOwner(t.db, async (tx) => {
      await tx.execute(sql`DELETE FROM audit_log WHERE chain_seq > ${checkpointSeq - 2}`);
    });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });

    const answer = await verifyCall();
    expect(answer).toMatchObject({ ok: false, chain_seq: checkpointSeq });
    expect(answer.reason).toMatch(
      new RegExp(`the newest rows were deleted: .* ends at row ${checkpointSeq - 2}`),
    );
    const cli = await verifyAuditTrail(t.db, t.app.storage);
    expect(cli).toMatchObject({ ok: false, chainSeq: checkpointSeq });
    expect(auditTrailMessage(cli)).toMatch(/^Audit chain broken at row \d+ .*the newest rows were deleted/);

    // The next checkpoint does not cover it up.
    expect(await writeAuditCheckpoint(t.db, t.app.storage)).toMatchObject({ status: 'refused' });
    expect((await readLatestCheckpoint(t.app.storage))?.chainSeq).toBe(checkpointSeq);

    // Rows written since take the deleted places: the row at the checkpoint is another one.
    await record(4, 'test.later');
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
    const later = await verifyCall();
    expect(later).toMatchObject({ ok: false, chain_seq: checkpointSeq });
    expect(later.reason).toMatch(/is not the row the checkpoint of .* recorded/);
    expect(auditTrailMessage(await verifyAuditTrail(t.db, t.app.storage))).toMatch(
      /not the row the checkpoint/,
    );
  });

  it('the purge of old rows is no alarm; rows deleted before their time are', async () => {
    await record(3, 'test.old');
    await ageAuditRows(t.db, await headSeq(t.db), '7 years');
    await writeAuditCheckpoint(t.db, t.app.storage);
    await record(2, 'test.young');
    expect(await purgeExpiredAudit(t.db)).toBeGreaterThanOrEqual(3);
    // The checkpoint's row was purged with the rest: past its period, as it should be.
    expect(await verifyCall()).toMatchObject({ ok: true });
    expect(auditTrailMessage(await verifyAuditTrail(t.db, t.app.storage))).toMatch(/^Audit chain intact/);

    // A young checkpointed row deleted with everything before it, newer rows kept: found.
    expect((await writeAuditCheckpoint(t.db, t.app.storage)).status).toBe('written');
    const checkpointSeq = await headSeq(t.db);
    await record(2, 'test.newer');
    await asAuditTableOwner(t.db, async (tx) => {
      await tx.execute(sql`DELETE FROM audit_log WHERE chain_seq <= ${checkpointSeq}`);
    });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
    const answer = await verifyCall();
    expect(answer).toMatchObject({ ok: false, chain_seq: checkpointSeq });
    expect(answer.reason).toMatch(/deleted before its retention period ended/);
  });

  it('says so when the newest checkpoint cannot be read', async () => {
    await record(1);
    await t.app.storage.put(`${AUDIT_CHECKPOINT_FOLDER}/latest.json`, new TextEncoder().encode('{"no":'));
    expect(await verifyCall()).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/checkpoint .* cannot be read/),
    });
  });
});
