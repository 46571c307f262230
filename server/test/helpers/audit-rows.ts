import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/**
 * What the owner of the audit table can do that no session of the application can (decision 028):
 * write with the table's triggers set aside, in one transaction.
 */
export async function asAuditTableOwner(db: Db, work: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    await work(tx as unknown as Db);
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER USER`);
  });
}

/**
 * As the owner could: makes the rows up to `lastSeq` `age` old (one second apart in chain order) and
 * rehashes the chain to match, so that it verifies: rows written that long ago, for the purge tests.
 */
export async function ageAuditRows(db: Db, lastSeq: number, age: string): Promise<void> {
  await asAuditTableOwner(db, async (tx) => {
    await tx.execute(
      sql`UPDATE audit_log SET created_at = now() - ${age}::interval + chain_seq * interval '1 second'
           WHERE chain_seq <= ${lastSeq}`,
    );
    await tx.execute(sql`
      DO $$
      DECLARE
        r audit_log;
        prev text;
      BEGIN
        FOR r IN SELECT * FROM audit_log ORDER BY chain_seq LOOP
          IF prev IS NOT NULL THEN r.prev_hash := prev; END IF;
          r.row_hash := audit_log_row_hash(r.prev_hash, r);
          UPDATE audit_log SET prev_hash = r.prev_hash, row_hash = r.row_hash WHERE id = r.id;
          prev := r.row_hash;
        END LOOP;
      END $$`);
  });
}
