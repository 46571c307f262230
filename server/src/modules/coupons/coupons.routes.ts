import { ZMessage } from '@portal/shared/auth';
import {
  COUPON_CHECKS_LIMITED,
  COUPON_CHECKS_PER_MINUTE,
  COUPON_TEXTS,
  ZCoupon,
  ZCouponBody,
  ZCouponValidateBody,
  ZCouponValidation,
} from '@portal/shared/coupons';
import { BUYER_MEMBERSHIPS } from '@portal/shared/memberships';
import { ZPageQuery, zPage } from '@portal/shared/paging';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { perAccountRateLimit } from '../../http/rate-limit.ts';
import { harvestCenterOfOrder, requireBuyer } from '../accounts/buyers.ts';
import {
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
  validateCouponCode,
} from './coupons.service.ts';

const tags = ['coupons'];
const ZCouponListQuery = ZPageQuery.extend({ search: z.string().max(100).optional() });

/** Coupon codes (part 2 §7 Coupons): admins manage them; buyers check a code at checkout. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/coupon-codes/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, querystring: ZCouponListQuery, response: { 200: zPage(ZCoupon) } },
    },
    async (request) => listCoupons(app.db, request.query),
  );

  app.post(
    '/api/v1/coupon-codes/',
    { config: { access: PORTAL_ADMINS }, schema: { tags, body: ZCouponBody, response: { 201: ZCoupon } } },
    async (request, reply) => reply.code(201).send(await createCoupon(app.db, request.body)),
  );

  app.get(
    '/api/v1/coupon-codes/:id/',
    { config: { access: PORTAL_ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZCoupon } } },
    async (request) => getCoupon(app.db, request.params.id),
  );

  app.put(
    '/api/v1/coupon-codes/:id/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, params: ZIdParams, body: ZCouponBody, response: { 200: ZCoupon } },
    },
    async (request) => updateCoupon(app.db, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/coupon-codes/:id/',
    { config: { access: PORTAL_ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => {
      await deleteCoupon(app.db, request.params.id);
      return { message: COUPON_TEXTS.removed };
    },
  );

  app.post(
    '/api/v1/coupon-codes/validate-code/',
    {
      config: {
        access: BUYER_MEMBERSHIPS,
        // Per account (the gate has signed the caller in), in the database store every process shares.
        rateLimit: perAccountRateLimit(COUPON_CHECKS_PER_MINUTE, 60_000, COUPON_CHECKS_LIMITED),
      },
      schema: { tags, body: ZCouponValidateBody, response: { 200: ZCouponValidation } },
    },
    async (request) => {
      const buyer = await requireBuyer(app.db, requireActor(request));
      const harvestCenterId = await harvestCenterOfOrder(
        app.db,
        buyer,
        request.body.harvest_center_id ?? null,
      );
      return validateCouponCode(app.db, {
        code: request.body.code,
        productId: request.body.product_id,
        harvestCenterId,
      });
    },
  );
};
