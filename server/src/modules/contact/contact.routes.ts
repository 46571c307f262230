import { ZMessage } from '@portal/shared/auth';
import { ZContactBody } from '@portal/shared/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { sendContactMessage } from './contact.service.ts';

export const CONTACT_SENT_MESSAGE = 'Thank you. Your message has been sent.';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/utilities/contact/',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['utilities'], body: ZContactBody, response: { 200: ZMessage } },
    },
    async (request) => {
      await sendContactMessage(app.db, requireActor(request), request.body, app.config.supportEmail);
      app.mailWorker.wake();
      return { message: CONTACT_SENT_MESSAGE };
    },
  );
};
