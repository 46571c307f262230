import {
  ZAdminJoinRequestQuery,
  ZCenterJoinRequestQuery,
  ZJoinDecisionResponse,
  ZJoinLink,
  ZJoinRequestPage,
} from '@portal/shared/join-requests';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import {
  decideCenterJoinRequest,
  getJoinLink,
  type JoinRequestsDeps,
  listAdminJoinRequests,
  listCenterJoinRequests,
  renewJoinLink,
} from './join-requests.service.ts';

const CENTER_AND_ADMINS = [...ADMINS, MEMBERSHIP.harvestCenter];

/** A harvest center's join link and the requests to join it (docs/decisions/027). */
export const joinRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['hc-staff'];
  const deps: JoinRequestsDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    wakeMail: () => app.mailWorker.wake(),
  };

  app.get(
    '/api/v1/harvest-centers/:id/join-link/',
    {
      config: { access: CENTER_AND_ADMINS },
      schema: { tags, params: ZIdParams, response: { 200: ZJoinLink } },
    },
    async (request) => getJoinLink(deps, requireActor(request), request.params.id),
  );

  app.post(
    '/api/v1/harvest-centers/:id/join-link/renew/',
    {
      config: { access: CENTER_AND_ADMINS },
      schema: { tags, params: ZIdParams, response: { 200: ZJoinLink } },
    },
    async (request) => renewJoinLink(deps, requireActor(request), request.params.id, requestContext(request)),
  );

  app.get(
    '/api/v1/harvest-centers/:id/join-requests/',
    {
      config: { access: CENTER_AND_ADMINS },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZCenterJoinRequestQuery,
        response: { 200: ZJoinRequestPage },
      },
    },
    async (request) =>
      listCenterJoinRequests(app.db, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/api/admin/join-requests/',
    {
      config: { access: ADMINS },
      schema: { tags, querystring: ZAdminJoinRequestQuery, response: { 200: ZJoinRequestPage } },
    },
    async (request) => listAdminJoinRequests(app.db, requireActor(request), request.query),
  );

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/api/v1/join-requests/:id/${path}/`,
      {
        config: { access: CENTER_AND_ADMINS },
        schema: { tags, params: ZIdParams, response: { 200: ZJoinDecisionResponse } },
      },
      async (request) =>
        decideCenterJoinRequest(
          deps,
          requireActor(request),
          request.params.id,
          decision,
          requestContext(request),
        ),
    );
  }
};
