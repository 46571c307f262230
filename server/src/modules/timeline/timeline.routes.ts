import { ZIdParams } from '@portal/shared/path-params';
import { ZPatientTimeline } from '@portal/shared/timeline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { getPatientTimeline } from './timeline.service.ts';

/** A patient's timeline (issue 16): its stage and every event of its chain of custody. */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/patients/:id/timeline/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary:
          "A patient's stage and every event, oldest first: the patient, its HC and staff, its lab, admins",
        params: ZIdParams,
        response: { 200: ZPatientTimeline },
      },
    },
    async (request) =>
      getPatientTimeline(app.db, requireActor(request), request.params.id, requestContext(request)),
  );
};
