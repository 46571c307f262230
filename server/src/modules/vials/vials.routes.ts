import { ZIdParams } from '@portal/shared/path-params';
import {
  ZVialRecordCreate,
  ZVialRecordUpdate,
  ZVialsHistoryQuery,
  ZVialsHistoryResponse,
  ZVialWriteResponse,
} from '@portal/shared/vials';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { auditListing } from '../../http/listing-audit.ts';
import { requestContext } from '../../http/request-context.ts';
import { LAB_AND_ADMINS } from '../accounts/roles.ts';
import { createVialRecord, getVialsHistory, updateVialRecordAndTotals } from './vials.service.ts';

export const vialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vials'];

  // Every signed-in role may ask; the patient's policy decides (a patient only its own). Each reading
  // is on the audit trail (decision 028).
  app.get(
    '/api/v1/vials-history/user/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZVialsHistoryQuery,
        response: { 200: ZVialsHistoryResponse },
      },
    },
    async (request) =>
      auditListing(
        app.db,
        request,
        'vial.listed',
        await getVialsHistory(app.db, requireActor(request), request.params.id, request.query),
        () => [request.params.id],
      ),
  );

  app.post(
    '/api/v1/vials-history/',
    {
      config: { access: LAB_AND_ADMINS },
      schema: { tags, body: ZVialRecordCreate, response: { 201: ZVialWriteResponse } },
    },
    async (request, reply) => {
      const result = await createVialRecord(
        app.db,
        requireActor(request),
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(result);
    },
  );

  app.patch(
    '/api/v1/vials-history/:id/',
    {
      config: { access: LAB_AND_ADMINS },
      schema: { tags, params: ZIdParams, body: ZVialRecordUpdate, response: { 200: ZVialWriteResponse } },
    },
    async (request) =>
      updateVialRecordAndTotals(
        app.db,
        requireActor(request),
        request.params.id,
        request.body,
        requestContext(request),
      ),
  );
};
