import {
  COUPON_CODE_TAKEN,
  couponRejection,
  discountCentsOf,
  normalizeCouponCode,
  type TCoupon,
  type TCouponValidation,
  type ZCouponBody,
} from '@portal/shared/coupons';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { centsToDecimalString } from '@portal/shared/products';
import { and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { users } from '../../db/schema/accounts.ts';
import { coupons } from '../../db/schema/commerce.ts';
import { products } from '../../db/schema/vials.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';

type CouponRow = typeof coupons.$inferSelect;
type CouponBody = z.output<typeof ZCouponBody>;

const couponColumns = {
  coupon: coupons,
  hcCompany: users.company,
};

async function toCoupons(
  db: Db,
  rows: { coupon: CouponRow; hcCompany: string | null }[],
): Promise<TCoupon[]> {
  const productIds = [...new Set(rows.flatMap((r) => r.coupon.productIds))];
  const names = productIds.length
    ? await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, productIds))
    : [];
  const nameOf = new Map(names.map((p) => [p.id, p.name]));
  return rows.map(({ coupon, hcCompany }) => ({
    id: coupon.id,
    name: coupon.name,
    code: coupon.code,
    max_use_number: coupon.maxUseNumber,
    discount_amount: centsToDecimalString(coupon.discountAmountCents),
    discount_amount_cents: coupon.discountAmountCents,
    product_ids: coupon.productIds.join(','),
    products: coupon.productIds.map((id) => ({ id, name: nameOf.get(id) ?? `Product ${id}` })),
    harvest_center: coupon.harvestCenterId,
    hc_desc: coupon.harvestCenterId ? [{ id: coupon.harvestCenterId, company: hcCompany ?? '' }] : [],
    used_number: coupon.usedNumber,
    status: coupon.status,
  }));
}

function selectCoupons(db: Db) {
  return db
    .select({ ...couponColumns, totalRows })
    .from(coupons)
    .leftJoin(users, eq(users.id, coupons.harvestCenterId));
}

/** GET api/admin/coupon-codes/: newest first, searched by name or code. */
export async function listCoupons(db: Db, query: PageRequest & { search?: string }) {
  const search = query.search?.trim();
  const where = search
    ? or(ilike(coupons.name, containsPattern(search)), ilike(coupons.code, containsPattern(search)))
    : undefined;
  const page = await findPage(() => selectCoupons(db).where(where).orderBy(desc(coupons.id)), query);
  return { count: page.count, results: await toCoupons(db, page.rows) };
}

export async function getCoupon(db: Db, id: number): Promise<TCoupon> {
  const rows = await selectCoupons(db).where(eq(coupons.id, id));
  if (!rows.length) throw notFound();
  const [coupon] = await toCoupons(db, rows);
  return coupon;
}

/** The products must exist and the harvest center be one; the code must be free (any case). */
async function checkCouponBody(db: Db, body: CouponBody, exceptId?: number) {
  if (body.product_ids.length) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, body.product_ids));
    if (found.length !== body.product_ids.length) {
      throw badRequest('A product does not exist.', { product_ids: 'A product does not exist.' });
    }
  }
  if (body.harvest_center !== null) {
    const [hc] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.harvest_center), eq(users.membershipId, MEMBERSHIP.harvestCenter)));
    if (!hc) throw badRequest('Choose a harvest center.', { harvest_center: 'Choose a harvest center.' });
  }
  const [taken] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        sql`lower(${coupons.code}) = lower(${body.code})`,
        exceptId === undefined ? undefined : ne(coupons.id, exceptId),
      ),
    );
  if (taken) throw conflict(COUPON_CODE_TAKEN, { code: COUPON_CODE_TAKEN });
}

function couponValues(body: CouponBody) {
  return {
    name: body.name,
    code: body.code,
    maxUseNumber: body.max_use_number,
    discountAmountCents: discountCentsOf(body),
    productIds: body.product_ids,
    harvestCenterId: body.harvest_center,
    status: body.status,
  };
}

export async function createCoupon(db: Db, body: CouponBody): Promise<TCoupon> {
  await checkCouponBody(db, body);
  const [row] = await db.insert(coupons).values(couponValues(body)).returning({ id: coupons.id });
  return getCoupon(db, row.id);
}

/** A lower max use than the uses so far is refused: the coupon would be over its limit. */
export async function updateCoupon(db: Db, id: number, body: CouponBody): Promise<TCoupon> {
  const existing = await getCoupon(db, id);
  await checkCouponBody(db, body, id);
  if (body.max_use_number > 0 && body.max_use_number < existing.used_number) {
    const message = `This coupon has been used ${existing.used_number} times already.`;
    throw badRequest(message, { max_use_number: message });
  }
  await db
    .update(coupons)
    .set({ ...couponValues(body), updatedAt: sql`now()` })
    .where(eq(coupons.id, id));
  return getCoupon(db, id);
}

/** Transactions keep the code they used (coupon_code_used); their link to the coupon is cleared. */
export async function deleteCoupon(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (!deleted.length) throw notFound();
}

/** Codes are stored upper case (migration 0014); lower() on both sides is what the unique index holds. */
export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${normalizeCouponCode(code)})`);
  return row ?? null;
}

export function couponTermsOf(row: CouponRow) {
  return {
    status: row.status,
    maxUseNumber: row.maxUseNumber,
    usedNumber: row.usedNumber,
    productIds: row.productIds,
    harvestCenterId: row.harvestCenterId,
  };
}

/** POST v1/coupon-codes/validate-code/: whether the code applies to this product and center. */
export async function validateCouponCode(
  db: Db,
  use: { code: string; productId: number; harvestCenterId: number | null },
): Promise<TCouponValidation> {
  const coupon = await findCouponByCode(db, use.code);
  const rejection = couponRejection(coupon ? couponTermsOf(coupon) : null, use);
  if (!coupon || rejection) {
    return {
      success: false,
      discount: '0.00',
      discount_cents: 0,
      coupon_id: null,
      code: normalizeCouponCode(use.code),
      message: rejection ?? '',
    };
  }
  return {
    success: true,
    discount: centsToDecimalString(coupon.discountAmountCents),
    discount_cents: coupon.discountAmountCents,
    coupon_id: coupon.id,
    code: coupon.code,
  };
}
