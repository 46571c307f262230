import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commissionsRoutes } from './commissions.routes.ts';
import { transactionExportsRoutes } from './transaction-exports.routes.ts';
import { transactionReportsRoutes } from './transaction-reports.routes.ts';

/** The transactions module's routes: the reports, their exports, and the commissions. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(transactionReportsRoutes);
  await app.register(transactionExportsRoutes);
  await app.register(commissionsRoutes);
};
