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
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { PageRequest } from '../../db/paging.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';
import {
  type CouponRow,
  type CouponWithCenter,
  countExistingProducts,
  deleteCouponRow,
  findCouponByNormalizedCode,
  findCouponPage,
  findCouponWithCenter,
  findProductNames,
  insertCoupon,
  isAccountOfMembership,
  isCouponCodeTaken,
  updateCouponRow,
} from './coupons.repository.ts';

type CouponBody = z.output<typeof ZCouponBody>;

async function toCoupons(db: Db, rows: CouponWithCenter[]): Promise<TCoupon[]> {
  const nameOf = await findProductNames(db, [...new Set(rows.flatMap((r) => r.coupon.productIds))]);
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

/** GET api/admin/coupon-codes/: newest first, searched by name or code. */
export async function listCoupons(db: Db, query: PageRequest & { search?: string }) {
  const page = await findCouponPage(db, query);
  return { count: page.count, results: await toCoupons(db, page.rows) };
}

export async function getCoupon(db: Db, id: number): Promise<TCoupon> {
  const row = await findCouponWithCenter(db, id);
  if (!row) throw notFound();
  const [coupon] = await toCoupons(db, [row]);
  return coupon;
}

/** The products must exist and the harvest center be one; the code must be free (any case). */
async function checkCouponBody(db: Db, body: CouponBody, exceptId?: number) {
  if (body.product_ids.length) {
    if ((await countExistingProducts(db, body.product_ids)) !== body.product_ids.length) {
      throw badRequest('A product does not exist.', { product_ids: 'A product does not exist.' });
    }
  }
  if (body.harvest_center !== null) {
    if (!(await isAccountOfMembership(db, body.harvest_center, MEMBERSHIP.harvestCenter))) {
      throw badRequest('Choose a harvest center.', { harvest_center: 'Choose a harvest center.' });
    }
  }
  if (await isCouponCodeTaken(db, body.code, exceptId)) {
    throw conflict(COUPON_CODE_TAKEN, { code: COUPON_CODE_TAKEN });
  }
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
  return getCoupon(db, await insertCoupon(db, couponValues(body)));
}

/** A lower max use than the uses so far is refused: the coupon would be over its limit. */
export async function updateCoupon(db: Db, id: number, body: CouponBody): Promise<TCoupon> {
  const existing = await getCoupon(db, id);
  await checkCouponBody(db, body, id);
  if (body.max_use_number > 0 && body.max_use_number < existing.used_number) {
    const message = `This coupon has been used ${existing.used_number} times already.`;
    throw badRequest(message, { max_use_number: message });
  }
  await updateCouponRow(db, id, couponValues(body));
  return getCoupon(db, id);
}

/** Transactions keep the code they used (coupon_code_used); their link to the coupon is cleared. */
export async function deleteCoupon(db: Db, id: number): Promise<void> {
  if (!(await deleteCouponRow(db, id))) throw notFound();
}

/** The coupon a code names, whatever case it is typed in. */
export function findCouponByCode(db: Db, code: string): Promise<CouponRow | null> {
  return findCouponByNormalizedCode(db, normalizeCouponCode(code));
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
