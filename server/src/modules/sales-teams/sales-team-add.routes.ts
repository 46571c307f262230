import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import { ZNewSalesManager, ZNewSalesRep, ZSalesPerson, ZSalesRepExists } from '@portal/shared/sales-teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { DISTRIBUTORS_AND_ADMINS } from '../accounts/roles.ts';
import { addSalesManager, addSalesRep } from './add-team-member.ts';
import { checkSalesRepExists } from './sales-rep-exists.ts';

/** Adding to a sales team (part 2 §3) and the public check of a rep's id used by the sign-up forms. */
export const salesTeamAddRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sales-teams'];

  app.post(
    '/api/v1/sales-rep/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.salesManager] },
      schema: {
        tags,
        description:
          "A new sales rep in the calling manager's team (an admin may name sales_manager_id). The rep sets a password from the invitation mail.",
        body: ZNewSalesRep,
        response: { 201: ZSalesPerson },
      },
    },
    async (request, reply) => {
      const rep = await addSalesRep(app.db, requireActor(request), request.body, {
        ...requestContext(request),
        publicUrl: app.config.publicUrl,
      });
      app.mailWorker.wake();
      return reply.status(201).send(rep);
    },
  );

  app.post(
    '/api/v1/sales-managers/',
    {
      config: { access: DISTRIBUTORS_AND_ADMINS },
      schema: {
        tags,
        description:
          "A new sales manager in the calling distributor's team (an admin may name sales_distributor_id). The manager sets a password from the invitation mail.",
        body: ZNewSalesManager,
        response: { 201: ZSalesPerson },
      },
    },
    async (request, reply) => {
      const manager = await addSalesManager(app.db, requireActor(request), request.body, {
        ...requestContext(request),
        publicUrl: app.config.publicUrl,
      });
      app.mailWorker.wake();
      return reply.status(201).send(manager);
    },
  );

  app.get(
    '/api/v1/sales-rep/:id/user-exists/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          "Whether an id is an active sales rep, and its manager's and distributor's ids. Public (sign-up links carry it).",
        params: ZIdParams,
        response: { 200: ZSalesRepExists },
      },
    },
    async (request) => checkSalesRepExists(app.db, request.params.id),
  );
};
