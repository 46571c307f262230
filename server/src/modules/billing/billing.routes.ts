import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingProfilesRoutes } from './billing-profiles.routes.ts';
import { locationsRoutes } from './locations.routes.ts';
import { paymentModeRoutes } from './payment-mode.routes.ts';

/** What a buying account keeps for checkout (saved cards and locations), and whether payments are tests. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(billingProfilesRoutes);
  await app.register(locationsRoutes);
  await app.register(paymentModeRoutes(app.config.payments));
};
