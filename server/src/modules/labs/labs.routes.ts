import { ZCenterListQuery, ZHarvestCenterPage } from '@portal/shared/harvest-centers';
import {
  ZLabAccountPage,
  ZLabHarvestCenterParams,
  ZLabListQuery,
  ZProcessingLab,
  ZProcessingLabPage,
} from '@portal/shared/labs';
import { LAB_VIEW_MEMBERSHIPS } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import { ZPatientListQuery, ZPatientPage } from '@portal/shared/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { LAB_AND_ADMINS } from './labs.policy.ts';
import {
  getLab,
  listLabAccounts,
  listLabHarvestCenterPatients,
  listLabHarvestCenters,
  listLabs,
} from './labs.service.ts';

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

  app.get(
    '/api/v1/processing-labs/:id/harvestcenters/',
    {
      config: { access: LAB_VIEW_MEMBERSHIPS },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZCenterListQuery,
        response: { 200: ZHarvestCenterPage },
      },
    },
    async (request) => listLabHarvestCenters(app.db, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/api/v1/processing-labs/:id/harvestcenter/:harvestCenterId/patients/',
    {
      config: { access: LAB_VIEW_MEMBERSHIPS },
      schema: {
        tags,
        params: ZLabHarvestCenterParams,
        querystring: ZPatientListQuery,
        response: { 200: ZPatientPage },
      },
    },
    async (request) =>
      listLabHarvestCenterPatients(
        app.db,
        requireActor(request),
        request.params.id,
        request.params.harvestCenterId,
        request.query,
      ),
  );
};
