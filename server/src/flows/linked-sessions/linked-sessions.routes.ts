import { ZLoginAsBody, ZLoginAsResponse } from '@portal/shared/account-admin';
import { ZLoginResponse } from '@portal/shared/auth';
import { ZStaffAccessBody } from '@portal/shared/hc-staff';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { accessHarvestCenter, loginAs } from './linked-sessions.ts';

/** "Login As" and "Access to this HC"; both end with POST /api/v1/users/login-as-user/return/. */
export const linkedSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/users/login-as-user/',
    {
      config: { access: ADMINS },
      schema: { tags: ['auth'], body: ZLoginAsBody, response: { 200: ZLoginAsResponse } },
    },
    async (request) =>
      loginAs(
        app.db,
        requireActor(request),
        request.body.user_id,
        { ttlDays: app.config.sessionTtlDays },
        requestContext(request),
      ),
  );

  app.post(
    '/api/v1/hc-staff/access/',
    {
      config: { access: [MEMBERSHIP.hcStaff] },
      schema: { tags: ['hc-staff'], body: ZStaffAccessBody, response: { 200: ZLoginResponse } },
    },
    async (request) =>
      accessHarvestCenter(
        app.db,
        requireActor(request),
        request.body.harvest_center_id,
        { ttlDays: app.config.sessionTtlDays },
        requestContext(request),
      ),
  );
};
