import { ZLoginResponse } from '@portal/shared/auth';
import { ZStaffAccessBody, ZStaffHcListResponse, ZStaffListResponse } from '@portal/shared/hc-staff';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { listHarvestCenterStaff, listStaffHarvestCenters, startStaffAccess } from './hc-staff.service.ts';

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

  // "Access to this HC"; 'Go back to your Account' is POST /api/v1/users/login-as-user/return/.
  app.post(
    '/api/v1/hc-staff/access/',
    {
      config: { access: [MEMBERSHIP.hcStaff] },
      schema: { tags, body: ZStaffAccessBody, response: { 200: ZLoginResponse } },
    },
    async (request) =>
      startStaffAccess(
        app.db,
        requireActor(request),
        request.body.harvest_center_id,
        { ttlDays: app.config.sessionTtlDays },
        requestContext(request),
      ),
  );
};
