import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/audit-chain/audit-chain.ts';
import { recordAuditGrouped, SYSTEM_IDENTITY } from '../src/audit-chain/audit-log.ts';
import type { Db } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Listings of patients are on the audit trail (decision 028); under load their rows are written in
 * groups (decision 035): fewer statements, every row still committed before its caller goes on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Counts the INSERT statements into audit_log that reach the database driver (the pool on
 * PostgreSQL, the named-statement client on PGlite): what is executed, however often it was built.
 */
function countingAuditInserts(db: Db) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  const counter = {
    inserts: 0,
    restore: () => {
      client.query = query;
    },
  };
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    const text = typeof first === 'string' ? first : first.text;
    if (/^insert into "audit_log"/i.test(text)) counter.inserts++;
    return query.apply(this, args);
  };
  return counter;
}

async function rowsLike(pattern: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditLog).where(like(auditLog.action, pattern));
  return row?.n ?? 0;
}

describe('grouped audit rows', () => {
  it('writes rows that arrive together in few statements, each committed when its caller resumes', async () => {
    const counter = countingAuditInserts(t.db);
    const writes = Array.from({ length: 50 }, async (_, i) => {
      await recordAuditGrouped(t.db, SYSTEM_IDENTITY, { action: `test.grouped.${i}` });
      // Resolved means committed: the row is readable at once.
      const [row] = await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(like(auditLog.action, `test.grouped.${i}`));
      return row?.n ?? 0;
    });
    expect(await Promise.all(writes)).toEqual(Array(50).fill(1));
    expect(await rowsLike('test.grouped.%')).toBe(50);
    // The first row goes at once, the 49 that came while it was written go in one more statement.
    counter.restore();
    expect(counter.inserts).toBeGreaterThanOrEqual(1);
    expect(counter.inserts).toBeLessThanOrEqual(3);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('a row alone is written at once', async () => {
    const counter = countingAuditInserts(t.db);
    await recordAuditGrouped(t.db, SYSTEM_IDENTITY, { action: 'test.alone' });
    counter.restore();
    expect(counter.inserts).toBe(1);
    expect(await rowsLike('test.alone')).toBe(1);
  });

  it('refuses an identity not made by the identity constructors, writing nothing', async () => {
    const forged = { actorUserId: 1, actingAsUserId: null, ip: '' } as unknown as typeof SYSTEM_IDENTITY;
    await expect(recordAuditGrouped(t.db, forged, { action: 'test.forged' })).rejects.toThrow(
      /audit identity/,
    );
    expect(await rowsLike('test.forged')).toBe(0);
  });
});
