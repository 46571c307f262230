import { ZLabHarvestCenterParams } from '@portal/shared/labs';
import { LAB_VIEW_MEMBERSHIPS } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  type TPatientOption,
  type TPatientPage,
  ZPatientListQuery,
  ZPatientOption,
  ZPatientOptionsQuery,
  ZPatientPage,
} from '@portal/shared/patients';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { auditListing } from '../../http/listing-audit.ts';
import {
  DISTRIBUTORS_AND_ADMINS,
  MANAGERS_DISTRIBUTORS_AND_ADMINS,
  PATIENT_LIST_MEMBERSHIPS,
} from '../accounts/roles.ts';
import {
  listHarvestCenterPatientOptions,
  listHarvestCenterPatients,
  listLabHarvestCenterPatients,
  listPatients,
  listReferralCenterPatientOptions,
  listReferralCenterPatients,
  listTeamPatients,
} from './patients.service.ts';

/** Every list of patients, each scoped in SQL to the caller's (accounts' patientScope). */
export const patientListsRoutes: FastifyPluginAsyncZod = async (app) => {
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
