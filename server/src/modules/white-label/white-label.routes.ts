import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { whiteLabelServingRoutes } from './white-label-serving.routes.ts';
import { whiteLabelWizardRoutes } from './white-label-wizard.routes.ts';

/** The white-label wizard and what serves its domains (part 2 §7 White label; decision 023). */
export const whiteLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(whiteLabelWizardRoutes);
  await app.register(whiteLabelServingRoutes);
};
