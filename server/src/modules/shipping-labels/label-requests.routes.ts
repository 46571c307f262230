import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  ZLabelRequest,
  ZLabelRequestBody,
  ZLabelRequestCreated,
  ZLabelRequestPage,
  ZLabelRequestQuery,
} from '@portal/shared/shipping-labels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { createLabelRequest, getLabelRequest, listLabelRequests } from './label-requests.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

const tags = ['shipping labels'];
/** Part 2 §6: harvest centers (4 and their staff 9) and RHCs request labels; admins handle them. */
const REQUESTERS = [
  ...ADMINS,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.hcStaff,
  MEMBERSHIP.referralHarvestCenter,
] as const;

/** A center asks for a label; the admin's list of requests; one request. */
export function labelRequestsRoutes(deps: ShippingLabelDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/fedex-requests/',
      {
        config: { access: REQUESTERS },
        schema: { tags, body: ZLabelRequestBody, response: { 201: ZLabelRequestCreated } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await createLabelRequest(deps, requireActor(request), request.body, requestContext(request))),
    );

    app.get(
      '/api/admin/fedex-requests/',
      {
        config: { access: ADMINS },
        schema: { tags, querystring: ZLabelRequestQuery, response: { 200: ZLabelRequestPage } },
      },
      async (request) => listLabelRequests(deps, requireActor(request), request.query),
    );

    app.get(
      '/api/v1/fedex-requests/:id/',
      {
        config: { access: REQUESTERS },
        schema: { tags, params: ZIdParams, response: { 200: ZLabelRequest } },
      },
      async (request) => getLabelRequest(deps, requireActor(request), request.params.id),
    );
  };
}
