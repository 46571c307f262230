import { ZMessage } from '@portal/shared/auth';
import { ZAdminChangePassword, ZResetUserPasswordBody, ZUpdateOwnPassword } from '@portal/shared/passwords';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { resetUserSecondFactors } from './second-factor-reset.ts';
import { changePasswordByAdmin, sendResetMailByAdmin, updateOwnPassword } from './user-passwords.ts';

const tags = ['users'];

/** How an account signs in: the user's own password change, and the admin's password and second-factor resets. */
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
    async (request) =>
      changePasswordByAdmin(app.db, requireActor(request), request.body, requestContext(request)),
  );

  app.post(
    '/api/v1/utilities/reset-user-password/',
    {
      config: { access: ADMINS },
      schema: { tags: ['utilities'], body: ZResetUserPasswordBody, response: { 200: ZMessage } },
    },
    async (request) => {
      const result = await sendResetMailByAdmin(
        app.db,
        requireActor(request),
        { user_id: request.body.user_id, publicUrl: app.config.publicUrl },
        requestContext(request),
      );
      app.mailWorker.wake();
      return result;
    },
  );

  // A lost device: the account's passkeys, authenticator app and recovery codes go (decision 031).
  app.post(
    '/api/v1/users/:id/reset-second-factors/',
    { config: { access: ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => {
      const result = await resetUserSecondFactors(
        app.db,
        requireActor(request),
        request.params.id,
        requestContext(request),
      );
      app.mailWorker.wake();
      return result;
    },
  );
};
