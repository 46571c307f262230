import { ZLabHarvestCenterParams } from '@portal/shared/labs';
import { LAB_VIEW_MEMBERSHIPS, MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  PATIENT_CREATED_MESSAGE,
  type TPatientOption,
  type TPatientPage,
  ZPatientCreate,
  ZPatientCreateResponse,
  ZPatientDetail,
  ZPatientListQuery,
  ZPatientOption,
  ZPatientOptionsQuery,
  ZPatientPage,
  ZPatientUpdate,
} from '@portal/shared/patients';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { auditListing } from '../../http/listing-audit.ts';
import { requestContext } from '../../http/request-context.ts';
import {
  DISTRIBUTORS_AND_ADMINS,
  MANAGERS_DISTRIBUTORS_AND_ADMINS,
  PATIENT_LIST_MEMBERSHIPS,
} from '../accounts/roles.ts';
import {
  createPatient,
  getPatient,
  listHarvestCenterPatientOptions,
  listHarvestCenterPatients,
  listLabHarvestCenterPatients,
  listPatients,
  listReferralCenterPatientOptions,
  listReferralCenterPatients,
  listTeamPatients,
  updatePatient,
} from './patients.service.ts';

/** Every route that answers patients; each list is scoped in SQL (accounts' patientScope). */
export const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patients'];
  const page = { querystring: ZPatientListQuery, response: { 200: ZPatientPage } };
  const pageById = { params: ZIdParams, ...page };
  const optionsById = {
    params: ZIdParams,
    querystring: ZPatientOptionsQuery,
    response: { 200: z.array(ZPatientOption) },
  };
  // Center and patient views: every role but the patient; the scopes narrow each to its own.
  const viewers = { access: PATIENT_LIST_MEMBERSHIPS };
  // Every list of patients is on the audit trail, with the patients it showed (decision 028).
  const listed = <T extends TPatientPage | TPatientOption[]>(request: FastifyRequest, list: T) =>
    auditListing(app.db, request, 'patient.listed', list, (l) =>
      (Array.isArray(l) ? l : l.results).map((p) => p.id),
    );

  app.get('/api/v1/users/patient/list/', { config: viewers, schema: { tags, ...page } }, async (request) =>
    listed(request, await listPatients(app.db, requireActor(request), request.query)),
  );

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

  app.get(
    '/api/v1/harvest-centers/:id/patients/',
    { config: viewers, schema: { tags, ...pageById } },
    async (request) =>
      listed(
        request,
        await listHarvestCenterPatients(app.db, requireActor(request), request.params.id, request.query),
      ),
  );

  app.get(
    '/api/v1/harvest-centers/:id/referral-patients/',
    { config: viewers, schema: { tags, ...pageById } },
    async (request) =>
      listed(
        request,
        await listHarvestCenterPatients(app.db, requireActor(request), request.params.id, request.query, {
          referredOnly: true,
        }),
      ),
  );

  app.get(
    '/api/v1/harvest-centers/:id/patientList/',
    { config: viewers, schema: { tags, ...optionsById } },
    async (request) =>
      listed(
        request,
        await listHarvestCenterPatientOptions(
          app.db,
          requireActor(request),
          request.params.id,
          request.query,
        ),
      ),
  );

  // {id} is the referral harvest center here (an RHC's checkout loads the patients it referred).
  app.get(
    '/api/v1/harvest-centers/:id/referral/patientList/',
    { config: viewers, schema: { tags, ...optionsById } },
    async (request) =>
      listed(
        request,
        await listReferralCenterPatientOptions(
          app.db,
          requireActor(request),
          request.params.id,
          request.query,
        ),
      ),
  );

  app.get(
    '/api/v1/harvest-centers/referral/:id/patients/',
    { config: viewers, schema: { tags, ...pageById } },
    async (request) =>
      listed(
        request,
        await listReferralCenterPatients(app.db, requireActor(request), request.params.id, request.query),
      ),
  );

  // The lab views (docs/decisions/004-lab-route-access.md).
  app.get(
    '/api/v1/processing-labs/:id/harvestcenter/:harvestCenterId/patients/',
    { config: { access: LAB_VIEW_MEMBERSHIPS }, schema: { tags, params: ZLabHarvestCenterParams, ...page } },
    async (request) =>
      listed(
        request,
        await listLabHarvestCenterPatients(
          app.db,
          requireActor(request),
          request.params.id,
          request.params.harvestCenterId,
          request.query,
        ),
      ),
  );

  app.get(
    '/api/v1/sales-managers/:id/patients/',
    { config: { access: MANAGERS_DISTRIBUTORS_AND_ADMINS }, schema: { tags, ...pageById } },
    async (request) =>
      listed(
        request,
        await listTeamPatients(
          app.db,
          requireActor(request),
          { kind: 'manager', id: request.params.id },
          request.query,
        ),
      ),
  );

  app.get(
    '/api/v1/sales-distributors/:id/patients/',
    { config: { access: DISTRIBUTORS_AND_ADMINS }, schema: { tags, ...pageById } },
    async (request) =>
      listed(
        request,
        await listTeamPatients(
          app.db,
          requireActor(request),
          { kind: 'distributor', id: request.params.id },
          request.query,
        ),
      ),
  );
};
