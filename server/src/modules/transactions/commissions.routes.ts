import {
  ZCommissionPeriodQuery,
  ZCommissionRateBody,
  ZCommissionRates,
  ZCommissionSummary,
  ZMarkCommissionsPaidBody,
  ZMarkCommissionsPaidResponse,
} from '@portal/shared/commissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { SALES_AND_ADMINS } from '../accounts/roles.ts';
import { createCommissionRate, listCommissionRates } from './commission-rates.ts';
import { commissionSummary, markCommissionsPaid } from './commissions.ts';

/** Commissions (issue 12): the rates, a sales account's summary, and marking lines paid. */
export const commissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/commission-rates/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags: ['commissions'], response: { 200: ZCommissionRates } },
    },
    async () => listCommissionRates(app.db),
  );
  app.post(
    '/api/admin/commission-rates/',
    {
      config: { access: PORTAL_ADMINS },
      schema: {
        tags: ['commissions'],
        body: ZCommissionRateBody,
        response: { 201: z.object({ id: z.number().int() }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCommissionRate(app.db, request.body, requireActor(request).id)),
  );
  app.get(
    '/api/v1/commissions/',
    {
      config: { access: SALES_AND_ADMINS },
      schema: {
        tags: ['commissions'],
        description:
          "Commission lines of the period (the caller's own and its team's), totals and the last 12 months.",
        querystring: ZCommissionPeriodQuery,
        response: { 200: ZCommissionSummary },
      },
    },
    async (request) => commissionSummary(app.db, requireActor(request), request.query),
  );
  app.post(
    '/api/admin/commissions/mark-paid/',
    {
      config: { access: PORTAL_ADMINS },
      schema: {
        tags: ['commissions'],
        body: ZMarkCommissionsPaidBody,
        response: { 200: ZMarkCommissionsPaidResponse },
      },
    },
    async (request) =>
      markCommissionsPaid(app.db, requireActor(request), request.body, requestContext(request)),
  );
};
