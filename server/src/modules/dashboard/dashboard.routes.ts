import { ZDashboardSummary } from '@portal/shared/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { getDashboardSummary } from './dashboard.service.ts';

/** The counts of each role's dashboard, in one call (scoped like the lists they open). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/dashboard/summary/',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['dashboard'], response: { 200: ZDashboardSummary } },
    },
    async (request) => getDashboardSummary(app.db, requireActor(request)),
  );
};
