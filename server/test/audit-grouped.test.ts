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

/** The database handle, counting the INSERT statements made through it. */
function countingInserts(db: Db) {
  const counter = { inserts: 0 };
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'insert') {
        return (...args: Parameters<Db['insert']>) => {
          counter.inserts++;
          return target.insert(...args);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: counted, counter };
}

async function rowsLike(pattern: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditLog).where(like(auditLog.action, pattern));
  return row?.n ?? 0;
}

describe('grouped audit rows', () => {
  it('writes rows that arrive together in few statements, each committed when its caller resumes', async () => {
    const { db, counter } = countingInserts(t.db);
    const writes = Array.from({ length: 50 }, async (_, i) => {
      await recordAuditGrouped(db, SYSTEM_IDENTITY, { action: `test.grouped.${i}` });
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
    expect(counter.inserts).toBeLessThanOrEqual(3);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('a row alone is written at once', async () => {
    const { db, counter } = countingInserts(t.db);
    await recordAuditGrouped(db, SYSTEM_IDENTITY, { action: 'test.alone' });
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
