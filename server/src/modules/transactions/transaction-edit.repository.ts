import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactionNotes, transactions } from '../../db/schema/commerce.ts';
import { products } from '../../db/schema/vials.ts';

export type TransactionRecord = typeof transactions.$inferSelect;

/** The transaction, locked for the rest of the database transaction (an admin's edit). */
export async function findTransactionForUpdate(db: Db, id: number): Promise<TransactionRecord | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}

export async function findProduct(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** The membership of an account; undefined when there is no such account. */
export async function findMembershipOf(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ membershipId: users.membershipId }).from(users).where(eq(users.id, userId));
  return row?.membershipId;
}

export async function updateTransactionRow(
  db: Db,
  id: number,
  changes: Partial<Omit<TransactionRecord, 'id'>>,
): Promise<void> {
  await db.update(transactions).set(changes).where(eq(transactions.id, id));
}

export async function insertTransactionNote(
  db: Db,
  note: typeof transactionNotes.$inferInsert,
): Promise<void> {
  await db.insert(transactionNotes).values(note);
}
