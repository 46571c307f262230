import { ZAdminUserUpdate, ZCreateUserBody } from '@portal/shared/account-admin';
import { ZDeleteBlockers } from '@portal/shared/account-deletion';
import {
  EMAIL_CHECKS_LIMITED,
  EMAIL_CHECKS_PER_MINUTE,
  ZEmailExists,
  ZEmailExistsBody,
} from '@portal/shared/account-email';
import { ZMessage } from '@portal/shared/auth';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import { ZUser } from '@portal/shared/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { perAccountRateLimit } from '../../http/rate-limit.ts';
import { requestContext } from '../../http/request-context.ts';
import { isEmailTaken } from '../accounts/account-view.repository.ts';
import { resendInvitation } from '../accounts/invitations.ts';
import { createUserByAdmin, updateUserByAdmin } from './user-admin-edit.ts';
import { deleteInactiveUser, getDeleteBlockers, setUserActive } from './user-lifecycle.ts';

const tags = ['users'];

/** Memberships whose screens create accounts and check an e-mail first. */
const ACCOUNT_CREATORS = [
  ...ADMINS,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.salesManager,
  MEMBERSHIP.salesDistributor,
  // The referral checkout's 'Create Patient Account' (part 2 §5).
  MEMBERSHIP.referralHarvestCenter,
] as const;

/** The admin's account actions: create and edit, (de)activate and delete, invite again (Login As: flows/linked-sessions). */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/users/',
    { config: { access: ADMINS }, schema: { tags, body: ZCreateUserBody, response: { 201: ZUser } } },
    async (request, reply) => {
      const { user, mailQueued } = await createUserByAdmin(app.db, requireActor(request), request.body, {
        ...requestContext(request),
        publicUrl: app.config.publicUrl,
      });
      if (mailQueued) app.mailWorker.wake();
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/v1/users/update/:id/',
    {
      config: { access: ADMINS },
      schema: { tags, params: ZIdParams, body: ZAdminUserUpdate, response: { 200: ZUser } },
    },
    async (request) =>
      updateUserByAdmin(
        app.db,
        requireActor(request),
        request.params.id,
        request.body,
        requestContext(request),
      ),
  );

  // GET with a side effect: the spec's contract (part 1 §7).
  for (const state of ['active', 'inactive'] as const) {
    app.get(
      `/api/v1/users/set/${state}/:id/`,
      { config: { access: ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
      async (request) =>
        setUserActive(
          app.db,
          requireActor(request),
          request.params.id,
          state === 'active',
          requestContext(request),
        ),
    );
  }

  app.delete(
    '/api/v1/users/delete-inactive/:id/',
    { config: { access: ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) =>
      deleteInactiveUser(app.db, requireActor(request), request.params.id, requestContext(request)),
  );

  app.get(
    '/api/v1/users/:id/delete-blockers/',
    { config: { access: ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZDeleteBlockers } } },
    async (request) => getDeleteBlockers(app.db, requireActor(request), request.params.id),
  );

  app.post(
    '/api/v1/users/:id/resend-invitation/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.harvestCenter] },
      schema: {
        tags,
        description:
          'Sends a new account its "set your password" invitation again (valid 7 days; earlier unused links stop working). Admins: any other account; a harvest center: its own patients and staff. Only before the account has ever signed in.',
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      const result = await resendInvitation(app.db, requireActor(request), request.params.id, {
        publicUrl: app.config.publicUrl,
        ip: requestContext(request).ip,
      });
      app.mailWorker.wake();
      return result;
    },
  );

  app.post(
    '/api/v1/users/email-exists/',
    {
      config: {
        access: ACCOUNT_CREATORS,
        // Counted per account: one center's session must not walk a list of addresses.
        rateLimit: perAccountRateLimit(EMAIL_CHECKS_PER_MINUTE, 60_000, EMAIL_CHECKS_LIMITED),
      },
      schema: { tags, body: ZEmailExistsBody, response: { 200: ZEmailExists } },
    },
    async (request) => ({ exists: await isEmailTaken(app.db, request.body.email, request.body.exclude_id) }),
  );
};
