import { and, eq, sql } from 'drizzle-orm';
import { countRecentAudit, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { patientAccounts } from '../../db/schema/account-links.ts';
import { users } from '../../db/schema/accounts.ts';
import { coupons, paymentProfiles } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { products } from '../../db/schema/vials.ts';

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
export function noteUnknownCouponCode(db: Db, accountId: number, ip: string | null) {
  return recordAudit(db, { action: UNKNOWN_COUPON_CODE, targetUserId: accountId, ip: ip ?? '' });
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
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      harvestCenterId: patientAccounts.harvestCenterId,
      referralHarvestCenterId: patientAccounts.referralHarvestCenterId,
    })
    .from(patientAccounts)
    .innerJoin(users, eq(users.id, patientAccounts.userId))
    .where(eq(patientAccounts.userId, patientId));
  return row ?? null;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row !== undefined;
}
