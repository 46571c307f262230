import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCarrier } from './carrier/create-carrier.ts';
import { carrierLabelsRoutes } from './carrier-labels.routes.ts';
import { labelFilesRoutes } from './label-files.routes.ts';
import { labelRequestsRoutes } from './label-requests.routes.ts';
import { labelSendingRoutes } from './label-sending.routes.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

/** The label use cases' dependencies, from the app. */
export function shippingLabelDeps(app: FastifyInstance): ShippingLabelDeps {
  return {
    db: app.db,
    storage: app.storage,
    mediaSecret: () => app.sealKeys.mediaSecret(),
    wakeMail: () => app.mailWorker.wake(),
  };
}

/** Shipping labels (part 2 §7): requests by centers, tracking and label files by admins, the label mail. */
export const shippingLabelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = shippingLabelDeps(app);
  await app.register(carrierLabelsRoutes({ ...deps, carrier: createCarrier(app.config.carrier) }));
  await app.register(labelRequestsRoutes(deps));
  await app.register(labelSendingRoutes(deps));
  await app.register(labelFilesRoutes(deps));
};
