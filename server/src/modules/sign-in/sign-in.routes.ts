import {
  ZBuildVersion,
  ZLoginBody,
  ZLoginResponse,
  ZMessage,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZSessionInfo,
} from '@portal/shared/auth';
import { ZPasswordLoginResponse } from '@portal/shared/second-factors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { returnToOwnSession } from './linked-sessions.ts';
import { relyingPartyOf } from './second-factors/relying-party.ts';
import { secondFactorRoutes } from './second-factors/second-factors.routes.ts';
import { loadSessionUser } from './session-user.ts';
import { findUserRowById } from './sign-in.repository.ts';
import {
  completePasswordReset,
  loginWithPassword,
  logout,
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
} from './sign-in.service.ts';

/** Signing in and out with a password, its reset, and the build version; the second factors after them. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/login/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'The spec\'s answer (token, message, user; stage "complete") when the password is all the account needs; otherwise a short pending session (stage "second_factor" or "enrolment") that opens only its next step.',
        body: ZLoginBody,
        response: { 200: ZPasswordLoginResponse },
      },
    },
    async (request) =>
      loginWithPassword(
        app.db,
        { ...request.body, sessionTtlDays: app.config.sessionTtlDays, rp: relyingPartyOf(request) },
        requestContext(request),
      ),
  );

  app.post(
    '/api/admin/logout/',
    {
      // A sign-in given up halfway (second factor or enrolment) ends here too.
      config: { access: 'signed-in', beforeAgreement: true, signInStages: ['second_factor', 'enrolment'] },
      schema: { tags: ['auth'], response: { 200: ZMessage } },
    },
    async (request) => {
      const actor = requireActor(request);
      await logout(app.db, actor, requestContext(request));
      return { message: 'You have been logged out.' };
    },
  );

  app.get(
    '/api/v1/session/',
    {
      config: { access: 'signed-in', beforeAgreement: true },
      schema: { tags: ['auth'], response: { 200: ZSessionInfo } },
    },
    async (request) => {
      const actor = requireActor(request);
      const behind = actor.session.actorUserId
        ? await findUserRowById(app.db, actor.session.actorUserId)
        : undefined;
      const person = behind && { id: behind.id, email: behind.email };
      return {
        user: await loadSessionUser(app.db, actor.id),
        impersonator: actor.session.kind === 'impersonation' && person ? person : null,
        staff:
          actor.session.kind === 'staff_access' && behind && person
            ? { ...person, name: `${behind.firstName} ${behind.lastName}`.trim() }
            : null,
      };
    },
  );

  // 'Go back as Super Admin' and 'Go back to your Account' (part 1 §4).
  app.post(
    '/api/v1/users/login-as-user/return/',
    {
      config: { access: 'signed-in', beforeAgreement: true },
      schema: { tags: ['auth'], response: { 200: ZLoginResponse } },
    },
    async (request) =>
      returnToOwnSession(
        app.db,
        requireActor(request),
        { ttlDays: app.config.sessionTtlDays },
        requestContext(request),
      ),
  );

  app.post(
    '/api/v1/users/reset-password/',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ZPasswordResetRequest, response: { 200: ZMessage } },
    },
    async (request) => {
      const context = requestContext(request);
      const input = { email: request.body.email, publicUrl: app.config.publicUrl };
      // The same answer at the same speed whether or not the account exists: its work runs afterwards.
      app.mailWorker.composeLater(() => requestPasswordReset(app.db, input, context));
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/api/v1/users/reset-password/confirm/',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ZPasswordResetConfirm, response: { 200: ZMessage } },
    },
    async (request) => completePasswordReset(app.db, request.body, requestContext(request)),
  );

  app.get(
    '/auth/build-version/',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: ZBuildVersion } } },
    async () => ({ version: app.buildVersion }),
  );

  await app.register(secondFactorRoutes);
};
