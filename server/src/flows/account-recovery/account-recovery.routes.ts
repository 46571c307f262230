import { ZMessage } from '@portal/shared/auth';
import { ZResetUserPasswordBody } from '@portal/shared/passwords';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { resetFactorsByAdmin, sendResetMailByAdmin } from './account-recovery.ts';

/** The admin's password-reset mail and second-factor reset of another account. */
export const accountRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
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
        { userId: request.body.user_id, publicUrl: app.config.publicUrl },
        requestContext(request),
      );
      app.mailWorker.wake();
      return result;
    },
  );

  // A lost device: the account's passkeys, authenticator app and recovery codes go (decision 031).
  app.post(
    '/api/v1/users/:id/reset-second-factors/',
    {
      config: { access: ADMINS },
      schema: { tags: ['users'], params: ZIdParams, response: { 200: ZMessage } },
    },
    async (request) => {
      const result = await resetFactorsByAdmin(
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
