import {
  ZHcStaffPage,
  ZHcStaffQuery,
  ZHcStaffUpdate,
  ZHcStaffUpdateResponse,
  ZRemoveStaffBody,
  ZRemoveStaffResponse,
  ZStaffHcListResponse,
  ZStaffListResponse,
} from '@portal/shared/hc-staff';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import {
  listAllStaff,
  listHarvestCenterStaff,
  listStaffHarvestCenters,
  removeStaffFromHarvestCenter,
  updateStaffHarvestCenters,
} from './hc-staff.service.ts';

export const hcStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['hc-staff'];

  app.get(
    '/api/v1/hc-staff/:id/hc-list/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.hcStaff] },
      schema: { tags, params: ZIdParams, response: { 200: ZStaffHcListResponse } },
    },
    async (request) => listStaffHarvestCenters(app.db, requireActor(request), request.params.id),
  );

  // {id} is the harvest center whose staff are listed.
  app.get(
    '/api/v1/hc-staff/:id/staff-list/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff] },
      schema: { tags, params: ZIdParams, response: { 200: ZStaffListResponse } },
    },
    async (request) => listHarvestCenterStaff(app.db, requireActor(request), request.params.id),
  );

  app.get(
    '/api/admin/hc-staff/',
    {
      config: { access: ADMINS },
      schema: { tags, querystring: ZHcStaffQuery, response: { 200: ZHcStaffPage } },
    },
    async (request) => listAllStaff(app.db, requireActor(request), request.query),
  );

  app.patch(
    '/api/v1/hc-staff/:id/',
    {
      config: { access: ADMINS },
      schema: { tags, params: ZIdParams, body: ZHcStaffUpdate, response: { 200: ZHcStaffUpdateResponse } },
    },
    async (request) =>
      updateStaffHarvestCenters(
        app.db,
        requireActor(request),
        request.params.id,
        request.body.staff_hc_ids,
        requestContext(request),
      ),
  );

  app.post(
    '/api/v1/hc-staff/remove-user/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.harvestCenter] },
      schema: { tags, body: ZRemoveStaffBody, response: { 200: ZRemoveStaffResponse } },
    },
    async (request) =>
      removeStaffFromHarvestCenter(app.db, requireActor(request), request.body, requestContext(request)),
  );
};
