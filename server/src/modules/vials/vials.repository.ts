import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { vialRecords } from '../../db/schema/vials.ts';

export type VialRecordRow = typeof vialRecords.$inferSelect;

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
export async function findVialRecordPage(db: Db, patientId: number, page: PageRequest) {
  return findPage(
    () =>
      db
        .select({ ...getTableColumns(vialRecords), totalRows })
        .from(vialRecords)
        .where(eq(vialRecords.userId, patientId))
        .orderBy(desc(vialRecords.date), desc(vialRecords.id)),
    page,
  ) as Promise<{ count: number; rows: VialRecordRow[] }>;
}
