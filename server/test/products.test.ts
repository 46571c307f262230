import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('products', () => {
  it('GET /api/v1/products/{id}/ gives the price in cents and as the spec decimal', async () => {
    const hc = await createUser(t.db, { membershipId: MEMBERSHIP.harvestCenter });
    const res = await injectAs(t.app, hc, {
      method: 'GET',
      url: `/api/v1/products/${PRODUCT.processingFee}/`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 1,
      name: 'Processing Fee',
      description: 'Harvest Center Processing Fee',
      price_cents: 350000,
      price: '3500.00',
      shipping_fee_cents: 0,
      shipping_fee: '0.00',
    });
    expect((await injectAs(t.app, hc, { method: 'GET', url: '/api/v1/products/4/' })).statusCode).toBe(404);
  });

  it('GET /api/v1/products/list-all-options/ lists the catalogue as options', async () => {
    const patient = await createUser(t.db);
    const res = await injectAs(t.app, patient, { method: 'GET', url: '/api/v1/products/list-all-options/' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { id: number }) => p.id);
    expect(ids).toEqual([1, 2, 3, 8, 9, 10, 11, 12, 13, 14]);
    expect(res.json()[1]).toMatchObject({
      id: 2,
      value: 2,
      label: 'Vials',
      price_cents: 50000,
      price: '500.00',
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products/1/' })).statusCode).toBe(401);
  });
});
