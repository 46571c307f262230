import { ZSecondFactorPolicy, ZSecondFactorPolicyUpdate } from '@portal/shared/second-factors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PORTAL_ADMINS, requireActor } from '../../../http/access.ts';
import { requestContext } from '../../../http/request-context.ts';
import { getSecondFactorPolicy, updateSecondFactorPolicy } from './factor-policy.ts';

const tags = ['second-factors'];

/** The portal's policy: which account types must use a second factor (portal admins read it; the super admin changes it). */
export const factorPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/second-factor-policy/',
    { config: { access: PORTAL_ADMINS }, schema: { tags, response: { 200: ZSecondFactorPolicy } } },
    async (request) => getSecondFactorPolicy(app.db, requireActor(request)),
  );

  app.put(
    '/api/admin/second-factor-policy/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, body: ZSecondFactorPolicyUpdate, response: { 200: ZSecondFactorPolicy } },
    },
    async (request) => {
      const policy = await updateSecondFactorPolicy(
        app.db,
        requireActor(request),
        request.body.required,
        requestContext(request),
      );
      app.mailWorker.wake();
      return policy;
    },
  );
};
