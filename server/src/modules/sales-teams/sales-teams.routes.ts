import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  ZRemoveTeamResponse,
  ZSalesListQuery,
  ZSalesPerson,
  ZSalesPersonPage,
} from '@portal/shared/sales-teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { DISTRIBUTORS_AND_ADMINS, MANAGERS_DISTRIBUTORS_AND_ADMINS } from '../accounts/roles.ts';
import { salesTeamAddRoutes } from './sales-team-add.routes.ts';
import {
  getSalesPerson,
  listDistributorManagers,
  listDistributorReps,
  listManagerReps,
  listSalesPeople,
  removeManagerFromTeam,
  removeRepFromTeam,
} from './sales-teams.service.ts';

/**
 * The sales network's lists. Each list is narrowed in SQL to what the caller may see
 * (accounts/scopes.repository.ts); a team head outside the caller's reach is a 403. Adding members to a team:
 * sales-team-add.routes.ts, registered last.
 */
export const salesTeamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sales-teams'];
  const list = { querystring: ZSalesListQuery, response: { 200: ZSalesPersonPage } };
  const byId = { params: ZIdParams, querystring: ZSalesListQuery, response: { 200: ZSalesPersonPage } };

  app.get(
    '/api/v1/users/sales-rep/list/',
    { config: { access: 'signed-in' }, schema: { tags, ...list } },
    async (request) => listSalesPeople(app.db, requireActor(request), 'rep', request.query),
  );
  app.get(
    '/api/v1/users/sales-manager/list/',
    { config: { access: 'signed-in' }, schema: { tags, ...list } },
    async (request) => listSalesPeople(app.db, requireActor(request), 'manager', request.query),
  );
  app.get(
    '/api/v1/users/sales-distributor/list/',
    { config: { access: 'signed-in' }, schema: { tags, ...list } },
    async (request) => listSalesPeople(app.db, requireActor(request), 'distributor', request.query),
  );

  // A rep by id: admins, the rep, its manager and distributor, and accounts whose rep it is. Both
  // paths of the spec (part 1 §7 under users, part 2 §3/§7 under sales-rep) answer the same.
  const repById = {
    config: { access: 'signed-in' as const },
    schema: {
      tags,
      description:
        'A sales rep with its manager and distributor. Admins, the rep itself, its manager and distributor, and the accounts whose rep it is; others get 403, an unknown id 404.',
      params: ZIdParams,
      response: { 200: ZSalesPerson },
    },
  };
  for (const path of ['/api/v1/users/sales-rep/:id/', '/api/v1/sales-rep/:id/']) {
    app.get(path, repById, async (request) =>
      getSalesPerson(app.db, requireActor(request), 'rep', request.params.id),
    );
  }

  app.get(
    '/api/v1/sales-rep/sales-manager/list/:id/',
    { config: { access: MANAGERS_DISTRIBUTORS_AND_ADMINS }, schema: { tags, ...byId } },
    async (request) => listManagerReps(app.db, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/api/v1/sales-distributors/:id/',
    {
      config: { access: MANAGERS_DISTRIBUTORS_AND_ADMINS },
      schema: { tags, params: ZIdParams, response: { 200: ZSalesPerson } },
    },
    async (request) => getSalesPerson(app.db, requireActor(request), 'distributor', request.params.id),
  );
  app.get(
    '/api/v1/sales-distributors/:id/sales-managers/',
    { config: { access: DISTRIBUTORS_AND_ADMINS }, schema: { tags, ...byId } },
    async (request) =>
      listDistributorManagers(app.db, requireActor(request), request.params.id, request.query),
  );
  app.get(
    '/api/v1/sales-distributors/:id/sales-rep/',
    { config: { access: DISTRIBUTORS_AND_ADMINS }, schema: { tags, ...byId } },
    async (request) => listDistributorReps(app.db, requireActor(request), request.params.id, request.query),
  );

  // Removing from a team changes data, so these are POSTs (the spec lists them beside GETs).
  // {id} is the member removed: the manager here, the rep below.
  app.post(
    '/api/v1/sales-distributors/:id/remove-team/',
    {
      config: { access: DISTRIBUTORS_AND_ADMINS },
      schema: { tags, params: ZIdParams, response: { 200: ZRemoveTeamResponse } },
    },
    async (request) =>
      removeManagerFromTeam(app.db, requireActor(request), request.params.id, requestContext(request)),
  );
  app.post(
    '/api/v1/sales-rep/:id/remove-team/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.salesManager] },
      schema: { tags, params: ZIdParams, response: { 200: ZRemoveTeamResponse } },
    },
    async (request) =>
      removeRepFromTeam(app.db, requireActor(request), request.params.id, requestContext(request)),
  );

  await app.register(salesTeamAddRoutes);
};
