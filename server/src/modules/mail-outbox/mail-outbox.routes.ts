import { ZOutboxMailDetail, ZOutboxPage, ZOutboxQuery } from '@portal/shared/mail-outbox';
import { zUrlId } from '@portal/shared/url-integers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors/app-error.ts';
import { PORTAL_ADMINS } from '../../http/access.ts';
import { findOutboxMail, listOutboxMail } from './mail-outbox.repository.ts';

/** Lets admins see every mail the portal queued, e.g. a reset link when no SMTP server is set up. */
export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/mail-outbox/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags: ['mail'], querystring: ZOutboxQuery, response: { 200: ZOutboxPage } },
    },
    async (request) => listOutboxMail(app.db, request.query),
  );

  app.get(
    '/api/admin/mail-outbox/:id/',
    {
      config: { access: PORTAL_ADMINS },
      schema: {
        tags: ['mail'],
        params: z.object({ id: zUrlId() }),
        response: { 200: ZOutboxMailDetail },
      },
    },
    async (request) => {
      const mail = await findOutboxMail(app.db, request.params.id);
      if (!mail) throw notFound('This mail does not exist.');
      return mail;
    },
  );
};
