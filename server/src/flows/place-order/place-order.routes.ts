import { ZCheckoutBody, ZCheckoutResponse } from '@portal/shared/checkout';
import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import type { CheckoutChannel } from '../../modules/checkout/prepare-order.ts';
import type { PlaceOrderDeps } from './place-order.steps.ts';
import { placeOrder } from './place-order.ts';

/** The create-transaction paths the spec leaves unnamed, in its style, and the patient's own order. */
const CENTERS = [MEMBERSHIP.harvestCenter, MEMBERSHIP.referralHarvestCenter] as const;
const CHECKOUT_PATHS: {
  url: string;
  channel: CheckoutChannel;
  access: readonly MembershipId[];
  summary: string;
}[] = [
  {
    url: '/api/v1/transactions/create-transaction/',
    channel: 'center',
    access: CENTERS,
    summary: "A harvest center's or referral center's order (processing fee, referral harvest fee, products)",
  },
  {
    url: '/api/v1/transactions/create-patient-transaction/',
    channel: 'referral-patient',
    access: CENTERS,
    summary:
      "The referral processing fee that creates the patient's account (and may request its agreements)",
  },
  {
    url: '/api/v1/users/patient/checkout/',
    channel: 'patient-self',
    access: [MEMBERSHIP.patient],
    summary: "A patient's own vials order (product 2)",
  },
];

/** The three checkout doors: each places an order through the place-order flow. */
export const placeOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PlaceOrderDeps = {
    db: app.db,
    gateway: app.payments,
    storage: app.storage,
    publicUrl: app.config.publicUrl,
    documents: app.documents,
    wakeMail: () => app.mailWorker.wake(),
    log: app.log,
  };

  for (const path of CHECKOUT_PATHS) {
    app.post(
      path.url,
      {
        config: { access: path.access },
        schema: {
          tags: ['checkout'],
          summary: path.summary,
          body: ZCheckoutBody,
          response: { 200: ZCheckoutResponse, 402: ZCheckoutResponse },
        },
      },
      async (request, reply) => {
        const userAgent = request.headers['user-agent'];
        const answer = await placeOrder(deps, requireActor(request), request.body, path.channel, {
          ip: request.ip || null,
          userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
        });
        return reply.code(answer.status).send(answer.body);
      },
    );
  }
};
