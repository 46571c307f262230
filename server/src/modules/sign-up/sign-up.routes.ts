import { ZMessage } from '@portal/shared/auth';
import { ZHarvestCenterCreate, ZHarvestCenterCreateResponse } from '@portal/shared/harvest-centers';
import { ZIdParams } from '@portal/shared/path-params';
import {
  CONFIRMATION_RESENT_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  SIGN_UP_THROTTLED_MESSAGE,
  ZAccountSignUp,
  ZAccountSignUpResponse,
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
import { confirmEmail, resendEmailConfirmation } from '../../auth/email-confirmations.ts';
import { AppError, parseInput } from '../../errors/app-error.ts';
import { ADMINS, PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { createAdminInvitation, listAdminInvitations, revokeAdminInvitation } from './admin-invitations.ts';
import { listNewSignUps } from './new-sign-ups.ts';
import type { SignUpDeps } from './sign-up.deps.ts';
import { checkSignUpLink, signUpAccount } from './sign-up.service.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Public sign-up, e-mail confirmation, admin invitations and the admins' list of new sign-ups. */
export function signUpRoutes(getDeps: () => SignUpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = getDeps();
    const tags = ['sign-up'];

    app.post(
      '/api/v1/harvest-centers/',
      {
        config: {
          access: 'public',
          // Counted per address for sign-ups only: admins and reps making centers are signed in.
          rateLimit: {
            max: deps.signUpRateLimit,
            timeWindow: HOUR_MS,
            allowList: (request) => request.actor !== null,
            errorResponseBuilder: () => new AppError(429, SIGN_UP_THROTTLED_MESSAGE),
          },
        },
        // The body depends on the caller (a sign-up, or an admin's or rep's new HC): the handler
        // validates it against the right one; the union documents both.
        attachValidation: true,
        schema: {
          tags: [...tags, 'harvest-centers'],
          body: z.union([ZAccountSignUp, ZHarvestCenterCreate]),
          // The fuller answer first: the serializer takes the first that fits.
          response: { 201: z.union([ZHarvestCenterCreateResponse, ZAccountSignUpResponse]) },
        },
      },
      async (request, reply) => {
        const context = requestContext(request);
        if (request.actor) {
          const body = parseInput(ZHarvestCenterCreate, request.body);
          return reply.status(201).send(await deps.createHarvestCenter(request.actor, body, context));
        }
        const body = parseInput(ZAccountSignUp, request.body);
        // A sign-up on a white-label domain's host joins that domain.
        const domainId = request.tenant?.id ?? null;
        return reply.status(201).send(await signUpAccount(deps, body, { ...context, domainId }));
      },
    );

    app.get(
      '/api/v1/sign-up/link/',
      {
        config: { access: 'public' },
        schema: { tags, querystring: ZSignUpLinkQuery, response: { 200: ZSignUpLink } },
      },
      async (request) => checkSignUpLink(deps.db, request.query),
    );

    app.post(
      '/api/v1/sign-up/confirm-email/',
      {
        config: { access: 'public' },
        schema: { tags, body: ZConfirmEmailBody, response: { 200: ZMessage } },
      },
      async (request) => {
        await confirmEmail(deps.db, request.body.token, request.ip);
        return { message: EMAIL_CONFIRMED_MESSAGE };
      },
    );

    app.post(
      '/api/v1/sign-up/resend-confirmation/',
      {
        config: { access: 'public', rateLimit: { max: 20, timeWindow: HOUR_MS } },
        schema: { tags, body: ZResendConfirmationBody, response: { 200: ZMessage } },
      },
      async (request) => {
        const queued = await resendEmailConfirmation(deps.db, request.body.email, {
          publicUrl: deps.publicUrl,
          ip: request.ip,
        });
        if (queued) deps.wakeMail();
        return { message: CONFIRMATION_RESENT_MESSAGE };
      },
    );

    app.get(
      '/api/admin/admin-invitations/',
      {
        config: { access: PORTAL_ADMINS },
        schema: { tags, querystring: ZAdminInvitationQuery, response: { 200: ZAdminInvitationPage } },
      },
      async (request) => listAdminInvitations(deps.db, request.query),
    );

    app.post(
      '/api/admin/admin-invitations/',
      {
        config: { access: PORTAL_ADMINS },
        schema: { tags, body: ZAdminInvitationCreate, response: { 201: ZAdminInvitationCreated } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createAdminInvitation(deps.db, requireActor(request), request.body, {
            publicUrl: deps.publicUrl,
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
        revokeAdminInvitation(deps.db, requireActor(request), request.params.id, { ip: request.ip }),
    );

    app.get(
      '/api/admin/sign-ups/',
      {
        config: { access: ADMINS },
        schema: { tags, querystring: ZNewSignUpQuery, response: { 200: ZNewSignUpPage } },
      },
      async (request) => listNewSignUps(deps.db, request.query, requireActor(request).domainId),
    );
  };
}
