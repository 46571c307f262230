import { ZLabAccountPage, ZLabListQuery, ZProcessingLab, ZProcessingLabPage } from '@portal/shared/labs';
import { LAB_VIEW_MEMBERSHIPS } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { LAB_AND_ADMINS } from '../accounts/roles.ts';
import { getLab, listLabAccounts, listLabs } from './labs.service.ts';

/** The lab views (docs/decisions/004-lab-route-access.md). */
export const labsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['labs'];

  app.get(
    '/api/v1/users/lab/',
    {
      config: { access: LAB_AND_ADMINS },
      schema: { tags, querystring: ZLabListQuery, response: { 200: ZLabAccountPage } },
    },
    async (request) => listLabAccounts(app.db, requireActor(request), request.query),
  );

  app.get(
    '/api/v1/processing-labs/',
    {
      config: { access: LAB_VIEW_MEMBERSHIPS },
      schema: { tags, querystring: ZLabListQuery, response: { 200: ZProcessingLabPage } },
    },
    async (request) => listLabs(app.db, requireActor(request), request.query),
  );

  app.get(
    '/api/v1/processing-labs/:id/',
    {
      config: { access: LAB_VIEW_MEMBERSHIPS },
      schema: { tags, params: ZIdParams, response: { 200: ZProcessingLab } },
    },
    async (request) => getLab(app.db, requireActor(request), request.params.id),
  );
};
