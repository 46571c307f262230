import { and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { users } from '../../db/schema/accounts.ts';
import { coupons } from '../../db/schema/commerce.ts';
import { products } from '../../db/schema/vials.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'usedNumber' | 'createdAt' | 'updatedAt'>;
/** A coupon with the company of the harvest center it is limited to. */
export type CouponWithCenter = { coupon: CouponRow; hcCompany: string | null };

function selectCoupons(db: Db) {
  return db
    .select({ coupon: coupons, hcCompany: users.company, totalRows })
    .from(coupons)
    .leftJoin(users, eq(users.id, coupons.harvestCenterId));
}

/** Newest first, searched by name or code. */
export function findCouponPage(
  db: Db,
  page: PageRequest & { search?: string },
): Promise<{ count: number; rows: CouponWithCenter[] }> {
  const search = page.search?.trim();
  const where = search
    ? or(ilike(coupons.name, containsPattern(search)), ilike(coupons.code, containsPattern(search)))
    : undefined;
  return findPage(() => selectCoupons(db).where(where).orderBy(desc(coupons.id)), page);
}

export async function findCouponWithCenter(db: Db, id: number): Promise<CouponWithCenter | undefined> {
  const [row] = await selectCoupons(db).where(eq(coupons.id, id));
  return row;
}

/** The names of these products, by id. */
export async function findProductNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((p) => [p.id, p.name]));
}

/** How many of these product ids exist. */
export async function countExistingProducts(db: Db, ids: number[]): Promise<number> {
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return found.length;
}

/** Whether the account exists with this membership (any state). */
export async function isAccountOfMembership(db: Db, id: number, membershipId: number): Promise<boolean> {
  const [hc] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.membershipId, membershipId)));
  return hc !== undefined;
}

/** Whether another coupon has this code (without regard to case, as the unique index does). */
export async function isCouponCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        sql`lower(${coupons.code}) = lower(${code})`,
        exceptId === undefined ? undefined : ne(coupons.id, exceptId),
      ),
    );
  return taken !== undefined;
}

export async function insertCoupon(db: Db, values: NewCoupon): Promise<number> {
  const [row] = await db.insert(coupons).values(values).returning({ id: coupons.id });
  return row.id;
}

export async function updateCouponRow(db: Db, id: number, values: NewCoupon): Promise<void> {
  await db
    .update(coupons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coupons.id, id));
}

/** Whether a coupon was deleted (false: there was none with this id). */
export async function deleteCouponRow(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return deleted.length > 0;
}

/** Codes are stored upper case (migration 0014); lower() on both sides is what the unique index holds. */
export async function findCouponByNormalizedCode(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code})`);
  return row ?? null;
}
