import { ZIdParams } from '@portal/shared/path-params';
import { ZCarrierStatus, ZLabelUpdateResponse } from '@portal/shared/shipping-labels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import type { ShippingCarrier } from './carrier/carrier.ts';
import { createCarrierLabel } from './carrier-labels.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

const tags = ['shipping labels'];

/** The configured carrier (FedEx, or none): whether there is one, and a label made by it. */
export function carrierLabelsRoutes(
  deps: ShippingLabelDeps & { carrier: ShippingCarrier | null },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/fedex-requests/carrier/',
      { config: { access: ADMINS }, schema: { tags, response: { 200: ZCarrierStatus } } },
      async () => ({ enabled: deps.carrier !== null, name: deps.carrier?.name ?? '' }),
    );

    app.post(
      '/api/v1/fedex-requests/:id/create-label/',
      {
        config: { access: ADMINS },
        schema: {
          tags,
          summary:
            'Makes the shipment with the configured carrier and saves its label, tracking number and link',
          params: ZIdParams,
          response: { 200: ZLabelUpdateResponse },
        },
      },
      async (request) =>
        createCarrierLabel(deps, requireActor(request), request.params.id, requestContext(request)),
    );
  };
}
