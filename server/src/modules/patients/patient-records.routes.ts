import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  PATIENT_CREATED_MESSAGE,
  ZPatientCreate,
  ZPatientCreateResponse,
  ZPatientDetail,
  ZPatientUpdate,
} from '@portal/shared/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { createPatient, getPatient, updatePatient } from './patients.service.ts';

const tags = ['patients'];

/** One patient: created by a center or an admin, then read and changed through the patient form. */
export const patientRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/patients/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.harvestCenter] },
      schema: { tags, body: ZPatientCreate, response: { 201: ZPatientCreateResponse } },
    },
    async (request, reply) => {
      const { patient, mailQueued } = await createPatient(app.db, requireActor(request), request.body, {
        ...requestContext(request),
        publicUrl: app.config.publicUrl,
      });
      if (mailQueued) app.mailWorker.wake();
      return reply.status(201).send({ message: PATIENT_CREATED_MESSAGE, data: patient });
    },
  );

  // The patient form. Who sees which patient: patientScope; who may change what: editable_fields.
  app.get(
    '/api/v1/patients/:id/',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: ZIdParams, response: { 200: ZPatientDetail } },
    },
    async (request) => getPatient(app.db, requireActor(request), request.params.id, requestContext(request)),
  );

  app.patch(
    '/api/v1/patients/:id/',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: ZIdParams, body: ZPatientUpdate, response: { 200: ZPatientDetail } },
    },
    async (request) =>
      updatePatient(app.db, requireActor(request), request.params.id, request.body, requestContext(request)),
  );
};
