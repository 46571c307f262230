import { asc, count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredAudit, verifyAuditChain } from '../src/audit-chain/audit-chain.ts';
import { recordAudit, SYSTEM_IDENTITY } from '../src/audit-chain/audit-log.ts';
import type { Db } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { ageAuditRows } from './helpers/audit-rows.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * What no session can do to the audit trail, whatever it sets (issue 32, finding 3; decision 028):
 * the retention period lives in the database, and only rows past it are ever deleted, by one purge.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (let i = 0; i < 4; i++) await recordAudit(t.db, SYSTEM_IDENTITY, { action: `test.protected${i}` });
});
afterAll(() => t.close());

/** The database's refusal, or 'accepted'. */
const refusal = (work: PromiseLike<unknown>) =>
  Promise.resolve(work).then(
    () => 'accepted',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

async function auditRowCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(auditLog);
  return row.n;
}

async function retention(db: Db) {
  const result = (await db.execute(
    sql`SELECT period::text AS period, floor::text AS floor FROM audit_retention`,
  )) as unknown as { rows: { period: string; floor: string }[] } | { period: string; floor: string }[];
  return Array.isArray(result) ? result : result.rows;
}

describe('the audit trail whatever a session sets', () => {
  it('refuses DELETE and UPDATE after SET portal.audit_retention or set_config, and keeps every row', async () => {
    const before = await auditRowCount(t.db);
    const settings = [
      sql`SET LOCAL portal.audit_retention = '-1 hour'`,
      sql`SELECT set_config('portal.audit_retention', '-1 hour', true)`,
      sql`SELECT set_config('portal.audit_retention', '-1 hour', false)`,
    ];
    for (const setting of settings) {
      for (const write of [sql`DELETE FROM audit_log`, sql`UPDATE audit_log SET action = 'x'`]) {
        const outcome = await refusal(
          t.db.transaction(async (tx) => {
            await tx.execute(setting);
            await tx.execute(write);
          }),
        );
        expect(outcome).toMatch(/append-only \((DELETE|UPDATE) refused\)/);
      }
    }
    expect(await auditRowCount(t.db)).toBe(before);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true, rows: before });
  });

  it('reads the period from its own table: a temporary table of the same name changes nothing', async () => {
    const before = await auditRowCount(t.db);
    const outcome = await refusal(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`CREATE TEMP TABLE audit_retention (period interval, floor interval) ON COMMIT DROP`,
        );
        await tx.execute(sql`INSERT INTO audit_retention VALUES ('-1 hour', '-1 hour')`);
        await tx.execute(sql`DELETE FROM audit_log`);
      }),
    );
    expect(outcome).toMatch(/append-only \(DELETE refused\)/);
    expect(await auditRowCount(t.db)).toBe(before);
  });

  it('keeps the retention period in a table no session changes (only a migration does)', async () => {
    expect(await retention(t.db)).toEqual([{ period: '6 years', floor: '6 years' }]);
    for (const write of [
      sql`UPDATE audit_retention SET period = '-1 hour'`,
      sql`DELETE FROM audit_retention`,
      sql`INSERT INTO audit_retention (period, floor) VALUES ('-1 hour', '-1 hour')`,
      sql`TRUNCATE audit_retention`,
    ]) {
      expect(await refusal(t.db.execute(write))).toMatch(/audit_retention is changed by migrations only/);
    }
    // A migration (its owner, the trigger set aside) still cannot go below the floor.
    const belowFloor = await refusal(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE audit_retention DISABLE TRIGGER USER`);
        await tx.execute(sql`UPDATE audit_retention SET period = '1 year'`);
      }),
    );
    expect(belowFloor).toMatch(/audit_retention_period_above_floor/);
    expect(await retention(t.db)).toEqual([{ period: '6 years', floor: '6 years' }]);
  });
});

describe('the retention purge (audit_log_purge)', () => {
  it('deletes only rows older than the period, oldest first, and the chain still verifies', async () => {
    const own = await buildTestApp();
    try {
      for (let i = 1; i <= 5; i++) await recordAudit(own.db, SYSTEM_IDENTITY, { action: `test.purge${i}` });
      const rows = () =>
        own.db
          .select({ seq: auditLog.chainSeq, action: auditLog.action })
          .from(auditLog)
          .orderBy(asc(auditLog.chainSeq));
      const [first] = await rows();
      const seqOf = async (action: string) => (await rows()).find((r) => r.action === action)?.seq ?? 0;
      // Rows up to purge3 written 7 years ago, purge4 5 years ago, purge5 today.
      const third = await seqOf('test.purge3');
      const fourth = await seqOf('test.purge4');
      await ageAuditRows(own.db, fourth, '5 years');
      await ageAuditRows(own.db, third, '7 years');
      expect(await verifyAuditChain(own.db)).toMatchObject({ ok: true });

      // A row not yet past the period is refused to a session, one past it is the purge's.
      expect(await refusal(own.db.execute(sql`DELETE FROM audit_log WHERE chain_seq = ${fourth}`))).toMatch(
        /append-only \(DELETE refused\)/,
      );
      expect(await purgeExpiredAudit(own.db)).toBe(third - (first?.seq ?? 0) + 1);
      expect((await rows()).map((r) => r.action)).toEqual(['test.purge4', 'test.purge5']);
      expect(await purgeExpiredAudit(own.db)).toBe(0);
      expect(await verifyAuditChain(own.db)).toMatchObject({ ok: true, rows: 2 });

      // Everything past the period: the newest row stays, the chain's anchor for the rows to come.
      const head = await seqOf('test.purge5');
      await ageAuditRows(own.db, head, '7 years');
      expect(await purgeExpiredAudit(own.db)).toBe(1);
      expect((await rows()).map((r) => r.action)).toEqual(['test.purge5']);
      await recordAudit(own.db, SYSTEM_IDENTITY, { action: 'test.after-purge' });
      expect(await seqOf('test.after-purge')).toBe(head + 1);
      expect(await verifyAuditChain(own.db)).toMatchObject({ ok: true, rows: 2 });
    } finally {
      await own.close();
    }
  });

  it('dates each row itself: a row written with an old created_at is still young', async () => {
    const own = await buildTestApp();
    try {
      await own.db.insert(auditLog).values({ action: 'test.backdated', createdAt: new Date('2001-01-01') });
      const [row] = await own.db.select({ createdAt: auditLog.createdAt }).from(auditLog);
      expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000);
      expect(await purgeExpiredAudit(own.db)).toBe(0);
      expect(await auditRowCount(own.db)).toBe(1);
    } finally {
      await own.close();
    }
  });
});
