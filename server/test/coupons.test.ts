import { COUPON_CHECKS_LIMITED, COUPON_CHECKS_PER_MINUTE, COUPON_CODE_TAKEN } from '@portal/shared/coupons';
import { PRODUCT } from '@portal/shared/products';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../src/db/schema/commerce.ts';
import { rateLimitHits } from '../src/db/schema/sign-up.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

const body = (extra: object = {}) => ({
  name: 'Spring',
  code: 'SPRING25',
  max_use_number: 5,
  discount_amount_cents: 2_500,
  product_ids: '1, 2',
  harvest_center: null,
  ...extra,
});

describe('coupon codes', () => {
  it('an admin creates, lists, reads, updates and removes a coupon', async () => {
    const created = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/coupon-codes/',
      payload: body({ harvest_center: w.hcA.id }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const coupon = created.json();
    expect(coupon).toMatchObject({
      code: 'SPRING25',
      discount_amount: '25.00',
      product_ids: '1,2',
      products: [{ id: PRODUCT.processingFee }, { id: PRODUCT.vials }],
      hc_desc: [{ id: w.hcA.id, company: 'Alpha Harvest' }],
      used_number: 0,
      status: true,
    });
    const list = await injectAs(t.app, w.admin, {
      method: 'GET',
      url: '/api/admin/coupon-codes/?limit=10&offset=0&search=spring',
    });
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: coupon.id }] });
    const updated = await injectAs(t.app, w.admin, {
      method: 'PUT',
      url: `/api/v1/coupon-codes/${coupon.id}/`,
      payload: body({ code: 'SPRING30', discount_amount_cents: 3_000, status: false, product_ids: [] }),
    });
    expect(updated.json()).toMatchObject({
      code: 'SPRING30',
      discount_amount_cents: 3_000,
      status: false,
      products: [],
    });
    const removed = await injectAs(t.app, w.admin, {
      method: 'DELETE',
      url: `/api/v1/coupon-codes/${coupon.id}/`,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await injectAs(t.app, w.admin, { method: 'GET', url: `/api/v1/coupon-codes/${coupon.id}/` });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a code taken in any case, unknown products, a non-HC center and a max use below the uses', async () => {
    await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/coupon-codes/',
      payload: body({ code: 'TAKEN' }),
    });
    const taken = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/coupon-codes/',
      payload: body({ code: 'taken' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.code).toBe(COUPON_CODE_TAKEN);
    const product = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/coupon-codes/',
      payload: body({ code: 'P1', product_ids: [999] }),
    });
    expect(product.statusCode).toBe(400);
    const center = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/coupon-codes/',
      payload: body({ code: 'C1', harvest_center: w.rhcA.id }),
    });
    expect(center.statusCode).toBe(400);
    const missing = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/coupon-codes/',
      payload: { name: '', code: '' },
    });
    expect(missing.statusCode).toBe(400);

    const [used] = await t.db
      .insert(coupons)
      .values({ name: 'Used', code: 'USED3', discountAmountCents: 100, maxUseNumber: 5, usedNumber: 3 })
      .returning();
    const below = await injectAs(t.app, w.admin, {
      method: 'PUT',
      url: `/api/v1/coupon-codes/${used.id}/`,
      payload: body({ code: 'USED3', max_use_number: 2 }),
    });
    expect(below.statusCode).toBe(400);
    const [kept] = await t.db.select().from(coupons).where(eq(coupons.id, used.id));
    expect(kept.maxUseNumber).toBe(5);
  });

  it('only admins manage coupons; buyers may only check a code', async () => {
    for (const who of [w.hcA, w.rhcA, w.repA, w.patientA1, w.labUser1]) {
      const list = await injectAs(t.app, who, { method: 'GET', url: '/api/admin/coupon-codes/' });
      expect(list.statusCode).toBe(403);
      const create = await injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/coupon-codes/',
        payload: body({ code: 'NOPE' }),
      });
      expect(create.statusCode).toBe(403);
    }
    const check = (who: { id: number }) =>
      injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/coupon-codes/validate-code/',
        payload: { code: 'TAKEN', product_id: 1 },
      });
    expect((await check(w.hcA)).json()).toMatchObject({ success: true, discount_cents: 2_500 });
    expect((await check(w.repA)).statusCode).toBe(403);
    expect((await check(w.admin)).statusCode).toBe(403);
  });

  it('limits code checks per account, counted in the database, so codes cannot be guessed at speed', async () => {
    const check = (who: { id: number }, code: string) =>
      injectAs(t.app, who, {
        method: 'POST',
        url: '/api/v1/coupon-codes/validate-code/',
        payload: { code, product_id: 1 },
      });
    for (let i = 0; i < COUPON_CHECKS_PER_MINUTE; i++) {
      expect((await check(w.rhcA, `GUESS${i}`)).statusCode).toBe(200);
    }
    const refused = await check(w.rhcA, 'GUESS-ONE-MORE');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(COUPON_CHECKS_LIMITED);
    // The account's limit, not the address's: another buyer (the same address here) still checks.
    expect((await check(w.hcA, 'GUESS0')).statusCode).toBe(200);
    const counters = await t.db
      .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, '%/api/v1/coupon-codes/validate-code/%'));
    expect(counters).toContainEqual({
      key: `POST /api/v1/coupon-codes/validate-code/ account ${w.rhcA.id}`,
      hits: COUPON_CHECKS_PER_MINUTE + 1,
    });
  });
});
