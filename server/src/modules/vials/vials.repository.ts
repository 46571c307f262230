import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { vialRecords } from '../../db/schema/vials.ts';

export type VialRecordRow = typeof vialRecords.$inferSelect;
export type VialTotalsRow = { vialsAvailable: number; vialsShipped: number };

/**
 * Moves a patient's totals by a delta in one statement, refusing (no row returned) when either
 * total would drop below 0. The row lock the UPDATE takes, and PostgreSQL re-checking the WHERE on
 * the latest row version after waiting for it, make concurrent movements add up exactly and keep
 * parallel shipments from over-drawing the stock.
 */
export async function adjustVialTotals(
  db: Db,
  patientId: number,
  delta: { available: number; shipped: number },
): Promise<VialTotalsRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      vialsAvailable: sql`${users.vialsAvailable} + ${delta.available}`,
      vialsShipped: sql`${users.vialsShipped} + ${delta.shipped}`,
    })
    .where(
      and(
        eq(users.id, patientId),
        eq(users.membershipId, MEMBERSHIP.patient),
        sql`${users.vialsAvailable} + ${delta.available} >= 0`,
        sql`${users.vialsShipped} + ${delta.shipped} >= 0`,
      ),
    )
    .returning({ vialsAvailable: users.vialsAvailable, vialsShipped: users.vialsShipped });
  return row;
}

export async function findVialTotals(db: Db, patientId: number) {
  const [row] = await db
    .select({
      vialsAvailable: users.vialsAvailable,
      vialsShipped: users.vialsShipped,
      vialsPreparation: users.vialsPreparation,
    })
    .from(users)
    .where(eq(users.id, patientId))
    .limit(1);
  return row;
}

export async function insertVialRecord(
  db: Db,
  values: typeof vialRecords.$inferInsert,
): Promise<VialRecordRow> {
  const [row] = await db.insert(vialRecords).values(values).returning();
  return row;
}

/** Locks the record for the rest of the transaction, so two edits of it never both apply a stale difference. */
export async function findVialRecordForUpdate(db: Db, id: number): Promise<VialRecordRow | undefined> {
  const [row] = await db.select().from(vialRecords).where(eq(vialRecords.id, id)).for('update').limit(1);
  return row;
}

export async function updateVialRecord(
  db: Db,
  id: number,
  changes: Partial<typeof vialRecords.$inferInsert>,
): Promise<VialRecordRow> {
  const [row] = await db
    .update(vialRecords)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(vialRecords.id, id))
    .returning();
  return row;
}

/** One page of a patient's records, newest first (vial_records_user_idx). */
export async function findVialRecordPage(db: Db, patientId: number, page: { limit: number; offset: number }) {
  const [{ n }] = await db.select({ n: count() }).from(vialRecords).where(eq(vialRecords.userId, patientId));
  const rows = await db
    .select()
    .from(vialRecords)
    .where(eq(vialRecords.userId, patientId))
    .orderBy(desc(vialRecords.date), desc(vialRecords.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), rows };
}
