import { and, eq, sql } from 'drizzle-orm';
import { type AuditIdentity, countRecentAudit, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { coupons, paymentProfiles, transactions } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { products } from '../../db/schema/vials.ts';
import { joinPatientRow, patientRow } from '../accounts/account-view.repository.ts';

export async function findProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

export async function findCouponForOrder(db: Db, code: string) {
  const [row] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code})`);
  return row ?? null;
}

const UNKNOWN_COUPON_CODE = 'checkout.unknown_coupon_code';

/**
 * An order naming a code that does not exist, on the audit trail: the trail doubles as the counter
 * that keeps an account from guessing codes through checkout (as validate-code's own limit does).
 */
export function noteUnknownCouponCode(db: Db, by: AuditIdentity, accountId: number) {
  return recordAudit(db, by, { action: UNKNOWN_COUPON_CODE, targetUserId: accountId });
}

export function countRecentUnknownCouponCodes(db: Db, accountId: number, windowMs: number) {
  return countRecentAudit(db, UNKNOWN_COUPON_CODE, windowMs, eq(auditLog.targetUserId, accountId));
}

export async function findSavedCard(db: Db, userId: number, paymentProfileId: string) {
  const [row] = await db
    .select()
    .from(paymentProfiles)
    .where(and(eq(paymentProfiles.userId, userId), eq(paymentProfiles.paymentProfileId, paymentProfileId)));
  return row ?? null;
}

/** The patient with its centers and name, for the order's checks and the receipt. */
export async function findPatientForOrder(db: Db, patientId: number) {
  const [row] = await joinPatientRow(
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        harvestCenterId: patientRow.harvestCenterId,
        referralHarvestCenterId: patientRow.referralHarvestCenterId,
      })
      .from(users)
      .$dynamic(),
  ).where(eq(users.id, patientId));
  return row ?? null;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row !== undefined;
}

export type TransactionRow = typeof transactions.$inferSelect;

/**
 * Writes a paid order. Its invoice number is the last one plus one, taken by this insert (the
 * column's default, migration 0014): numbers without gaps, given when the order's transaction commits.
 */
export async function insertTransaction(
  db: Db,
  values: typeof transactions.$inferInsert,
): Promise<TransactionRow> {
  const [row] = await db.insert(transactions).values(values).returning();
  return row;
}

export async function findTransaction(db: Db, id: number): Promise<TransactionRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row ?? null;
}
