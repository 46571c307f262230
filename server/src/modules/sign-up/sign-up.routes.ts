import { ZMessage, ZPassword } from '@portal/shared/auth';
import { ZIdParams } from '@portal/shared/path-params';
import {
  CONFIRMATION_RESENT_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  ZAdminInvitationCreate,
  ZAdminInvitationCreated,
  ZAdminInvitationPage,
  ZAdminInvitationQuery,
  ZConfirmEmailBody,
  ZNewSignUpPage,
  ZNewSignUpQuery,
  ZResendConfirmationBody,
  ZSignUpLink,
  ZSignUpLinkQuery,
} from '@portal/shared/sign-up';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertUncommonPassword } from '../../auth/common-passwords.ts';
import { confirmEmail, resendEmailConfirmation } from '../../auth/email-confirmations.ts';
import { ADMINS, PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { createAdminInvitation, listAdminInvitations, revokeAdminInvitation } from './admin-invitations.ts';
import { listNewSignUps } from './new-sign-ups.ts';
import { checkSignUpLink } from './sign-up.service.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The sign-up link check, e-mail confirmation, admin invitations and the admins' list of new sign-ups.
 * The sign-up itself (POST /api/v1/harvest-centers/) spans modules: flows/open-account.
 */
export const signUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sign-up'];
  const publicUrl = app.config.publicUrl;

  app.get(
    '/api/v1/sign-up/link/',
    {
      config: { access: 'public' },
      schema: { tags, querystring: ZSignUpLinkQuery, response: { 200: ZSignUpLink } },
    },
    async (request) => checkSignUpLink(app.db, request.query),
  );

  app.post(
    '/api/v1/sign-up/confirm-email/',
    {
      config: { access: 'public' },
      schema: { tags, body: ZConfirmEmailBody, response: { 200: ZMessage } },
    },
    async (request) => {
      await confirmEmail(app.db, request.body.token, request.ip);
      return { message: EMAIL_CONFIRMED_MESSAGE };
    },
  );

  // The HC form checks its password at Next, before the attestation is signed: a refusal after
  // signing came as a notice on a step whose field was out of sight (issue 42). The sign-up itself
  // checks again. The list is public (zxcvbn's), so answering about it tells nothing of accounts.
  app.post(
    '/api/v1/sign-up/check-password/',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: HOUR_MS } },
      schema: { tags, body: z.object({ password: ZPassword }), response: { 200: ZMessage } },
    },
    async (request) => {
      assertUncommonPassword(request.body.password, 'password');
      return { message: 'The password can be used.' };
    },
  );

  app.post(
    '/api/v1/sign-up/resend-confirmation/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: HOUR_MS } },
      schema: { tags, body: ZResendConfirmationBody, response: { 200: ZMessage } },
    },
    async (request) => {
      const queued = await resendEmailConfirmation(app.db, request.body.email, {
        publicUrl,
        ip: request.ip,
      });
      if (queued) app.mailWorker.wake();
      return { message: CONFIRMATION_RESENT_MESSAGE };
    },
  );

  app.get(
    '/api/admin/admin-invitations/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, querystring: ZAdminInvitationQuery, response: { 200: ZAdminInvitationPage } },
    },
    async (request) => listAdminInvitations(app.db, request.query),
  );

  app.post(
    '/api/admin/admin-invitations/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, body: ZAdminInvitationCreate, response: { 201: ZAdminInvitationCreated } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createAdminInvitation(app.db, requireActor(request), request.body, {
          publicUrl,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/api/admin/admin-invitations/:id/revoke/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, params: ZIdParams, response: { 200: ZMessage } },
    },
    async (request) =>
      revokeAdminInvitation(app.db, requireActor(request), request.params.id, { ip: request.ip }),
  );

  app.get(
    '/api/admin/sign-ups/',
    {
      config: { access: ADMINS },
      schema: { tags, querystring: ZNewSignUpQuery, response: { 200: ZNewSignUpPage } },
    },
    async (request) => listNewSignUps(app.db, request.query, requireActor(request).domainId),
  );
};
