import { randomBytes } from 'node:crypto';
import { ZIdParams } from '@portal/shared/path-params';
import { ZPatientTimeline } from '@portal/shared/timeline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { requireActor } from '../../http/access.ts';
import { sendDownload } from '../../http/download-reply.ts';
import { requestContext } from '../../http/request-context.ts';
import { PDF_TASKS } from '../../pdf-signing/pdf-tasks.ts';
import { cpuPool } from '../../workers/cpu-pool.ts';
import { getPatientTimeline } from './timeline.service.ts';

/** A patient's timeline (issue 16): its stage and every event of its chain of custody, and its sealed PDF. */
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

  app.get(
    '/api/v1/patients/:id/timeline/pdf/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary: 'The timeline as a printable PDF, sealed like the signed agreements (chain of custody)',
        params: ZIdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const context = requestContext(request);
      const timeline = await getPatientTimeline(app.db, actor, request.params.id, context);
      const printId = `custody-${request.params.id}-${randomBytes(6).toString('hex')}`;
      const pdf = await cpuPool.run(PDF_TASKS.renderTimelinePdf, {
        timeline,
        printId,
        printedAt: new Date(),
        printedBy: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
        certificate: await app.sealKeys.certificate(),
      });
      await recordAudit(app.db, identityOf(actor, context), {
        action: 'patient.timeline_exported',
        patientId: request.params.id,
        objectType: 'export',
        objectId: printId,
      });
      return sendDownload(request, reply, {
        contentType: 'application/pdf',
        fileName: `${printId}.pdf`,
        body: pdf,
      });
    },
  );
};
