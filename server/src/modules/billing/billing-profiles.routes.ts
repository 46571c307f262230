import {
  PAYMENT_TEXTS,
  ZCreatePaymentProfileBody,
  ZCustomerProfileResponse,
  ZDefaultPaymentProfileBody,
  ZDeletePaymentProfileBody,
  ZPaymentOptionsResponse,
  ZSavedPaymentOption,
  ZTokenizerConfig,
  ZUserIdBody,
} from '@portal/shared/cards';
import { BUYER_MEMBERSHIPS, MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors/app-error.ts';
import { requireActor } from '../../http/access.ts';
import { requireBuyer, requireOwnBuyer } from '../accounts/buyers.ts';
import { isStaffOfHarvestCenter } from '../accounts/center-links.repository.ts';
import {
  deletePaymentProfile,
  ensureCustomerProfile,
  listPaymentOptions,
  savePaymentProfile,
  setDefaultPaymentProfile,
} from './payment-profiles.ts';

const ZCode = z.object({ code: z.literal('success'), message: z.string() });
const tags = ['billing-profiles'];

/**
 * Saved cards (part 2 §7 billing-profiles) and the tokenizer's configuration. Each account reaches
 * only its own: the user_id of a body must be the caller's buying account.
 */
export const billingProfilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const billing = () => ({ db: app.db, gateway: app.payments });

  app.post(
    '/api/auth/authorizenet/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: {
        tags,
        summary: "How the browser tokenizes a card (the gateway's tokenizer and its public keys)",
        response: { 200: ZTokenizerConfig },
      },
    },
    async (request) => {
      await requireBuyer(app.db, requireActor(request));
      return app.payments.tokenizerConfig();
    },
  );

  app.post(
    '/api/v1/billing-profiles/get-profile/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, body: ZUserIdBody, response: { 200: ZPaymentOptionsResponse } },
    },
    async (request) => {
      await requireOwnBuyer(app.db, requireActor(request), request.body.user_id);
      return { code: 'success' as const, payments: await listPaymentOptions(app.db, request.body.user_id) };
    },
  );

  app.post(
    '/api/v1/billing-profiles/create-customer-profile/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, body: ZUserIdBody, response: { 200: ZCustomerProfileResponse } },
    },
    async (request) => {
      await requireOwnBuyer(app.db, requireActor(request), request.body.user_id);
      return { customer_profile_id: await ensureCustomerProfile(billing(), request.body.user_id) };
    },
  );

  app.post(
    '/api/v1/billing-profiles/create-profile/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, body: ZCreatePaymentProfileBody, response: { 200: ZSavedPaymentOption } },
    },
    async (request) => {
      await requireOwnBuyer(app.db, requireActor(request), request.body.user_id);
      return savePaymentProfile(billing(), request.body.user_id, request.body);
    },
  );

  app.post(
    '/api/v1/billing-profiles/delete-profile/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, body: ZDeletePaymentProfileBody, response: { 200: ZCode } },
    },
    async (request) => {
      const buyer = await requireBuyer(app.db, requireActor(request));
      await deletePaymentProfile(billing(), buyer.userId, request.body.payment_id);
      return { code: 'success' as const, message: PAYMENT_TEXTS.cardRemoved };
    },
  );

  app.post(
    '/api/v1/billing-profiles/update-default/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, body: ZDefaultPaymentProfileBody, response: { 200: ZCode } },
    },
    async (request) => {
      const actor = requireActor(request);
      const buyer = await requireOwnBuyer(app.db, actor, request.body.user_id ?? actor.id);
      await setDefaultPaymentProfile(app.db, buyer.userId, request.body.payment_profile_id);
      return { code: 'success' as const, message: PAYMENT_TEXTS.defaultChanged };
    },
  );

  // {id} is the harvest center: its staff see the HC's saved cards to pay for it (part 2 §7).
  app.get(
    '/api/v1/hc-staff/auth-profile/:id/',
    {
      config: { access: [MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff] },
      schema: { tags, params: ZIdParams, response: { 200: ZPaymentOptionsResponse } },
    },
    async (request) => {
      const actor = requireActor(request);
      const hcId = request.params.id;
      const allowed =
        actor.membershipId === MEMBERSHIP.harvestCenter
          ? actor.id === hcId
          : await isStaffOfHarvestCenter(app.db, actor.id, hcId);
      if (!allowed) throw forbidden();
      return { code: 'success' as const, payments: await listPaymentOptions(app.db, hcId) };
    },
  );
};
