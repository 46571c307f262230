import { ZMessage } from '@portal/shared/auth';
import { ZAdminChangePassword, ZUpdateOwnPassword } from '@portal/shared/passwords';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { changePasswordByAdmin, updateOwnPassword } from './user-passwords.ts';

const tags = ['users'];

/**
 * Passwords: the user's own change and the admin's. The admin's reset mail and second-factor reset
 * are flows/account-recovery (they need the sign-in module).
 */
export const userPasswordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/users/update-password/:id/',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: ZIdParams, body: ZUpdateOwnPassword, response: { 200: ZMessage } },
    },
    async (request) =>
      updateOwnPassword(
        app.db,
        requireActor(request),
        request.params.id,
        request.body,
        requestContext(request),
      ),
  );

  app.post(
    '/api/v1/users/change-password/',
    { config: { access: ADMINS }, schema: { tags, body: ZAdminChangePassword, response: { 200: ZMessage } } },
    async (request) => {
      const answer = await changePasswordByAdmin(
        app.db,
        requireActor(request),
        request.body,
        requestContext(request),
      );
      app.mailWorker.wake();
      return answer;
    },
  );
};
