import {
  ZAdminUserUpdate,
  ZCreateUserBody,
  ZLoginAsBody,
  ZLoginAsResponse,
} from '@portal/shared/account-admin';
import { ZDeleteBlockers } from '@portal/shared/account-deletion';
import { ZEmailExists, ZEmailExistsBody } from '@portal/shared/account-email';
import { ZAgreementStatus } from '@portal/shared/agreement';
import { ZMessage } from '@portal/shared/auth';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZAdminChangePassword, ZResetUserPasswordBody, ZUpdateOwnPassword } from '@portal/shared/passwords';
import { ZIdParams } from '@portal/shared/path-params';
import { ZProfilePatch, ZProfilePut } from '@portal/shared/profile';
import { type TUser, ZUser } from '@portal/shared/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditIdentity, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { isEmailTaken } from '../accounts/account-view.ts';
import { resendInvitation } from '../accounts/invitations.ts';
import { loginAsUser } from './impersonation.ts';
import { resetUserSecondFactors } from './second-factor-reset.ts';
import { createUserByAdmin, updateUserByAdmin } from './user-admin-edit.ts';
import { deleteInactiveUser, getDeleteBlockers, setUserActive } from './user-lifecycle.ts';
import { changePasswordByAdmin, sendResetMailByAdmin, updateOwnPassword } from './user-passwords.ts';
import { getAgreementStatus, getUser, getUserByIdentifier, updateProfile } from './user-profile.ts';

/** Memberships whose screens create accounts and check an e-mail first. */
const ACCOUNT_CREATORS = [
  ...ADMINS,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.salesManager,
  MEMBERSHIP.salesDistributor,
  // The referral checkout's 'Create Patient Account' (part 2 §5).
  MEMBERSHIP.referralHarvestCenter,
] as const;

/** One user: reading, the profile form, passwords, the agreement, and the admin's account actions. */
/** A patient's account read through the user routes is a read of a patient record: on the audit trail. */
async function auditPatientRead(db: Db, request: FastifyRequest, user: TUser): Promise<TUser> {
  if (user.subscription === MEMBERSHIP.patient) {
    await recordAudit(db, {
      action: 'patient.viewed',
      ...auditIdentity(requireActor(request)),
      patientId: user.id,
      objectType: 'user',
      objectId: user.id,
      ip: request.ip,
    });
  }
  return user;
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get(
    '/api/v1/users/:id/',
    { config: { access: 'signed-in' }, schema: { tags, params: ZIdParams, response: { 200: ZUser } } },
    async (request) =>
      auditPatientRead(app.db, request, await getUser(app.db, requireActor(request), request.params.id)),
  );

  app.get(
    '/api/v1/users/identifier/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        description: 'A user by id, username or e-mail (admins any user, others themselves).',
        params: z.object({ id: z.string().trim().min(1).max(254) }),
        response: { 200: ZUser },
      },
    },
    async (request) =>
      auditPatientRead(
        app.db,
        request,
        await getUserByIdentifier(app.db, requireActor(request), request.params.id),
      ),
  );

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

  // Open before the agreement so that check_agreement can be sent; the service refuses anything else.
  app.put(
    '/api/v1/users/:id/',
    {
      config: { access: 'signed-in', beforeAgreement: true },
      schema: { tags, params: ZIdParams, body: ZProfilePut, response: { 200: ZUser } },
    },
    async (request) => updateProfile(app.db, requireActor(request), request.params.id, request.body),
  );

  app.patch(
    '/api/v1/users/:id/',
    {
      config: { access: 'signed-in', beforeAgreement: true },
      schema: { tags, params: ZIdParams, body: ZProfilePatch, response: { 200: ZUser } },
    },
    async (request) => updateProfile(app.db, requireActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/users/update/:id/',
    {
      config: { access: ADMINS },
      schema: { tags, params: ZIdParams, body: ZAdminUserUpdate, response: { 200: ZUser } },
    },
    async (request) => updateUserByAdmin(app.db, requireActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/users/change-password/',
    { config: { access: ADMINS }, schema: { tags, body: ZAdminChangePassword, response: { 200: ZMessage } } },
    async (request) =>
      changePasswordByAdmin(app.db, requireActor(request), request.body, requestContext(request)),
  );

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

  // GET with a side effect: the spec's contract (part 1 §7).
  for (const state of ['active', 'inactive'] as const) {
    app.get(
      `/api/v1/users/set/${state}/:id/`,
      { config: { access: ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
      async (request) => setUserActive(app.db, requireActor(request), request.params.id, state === 'active'),
    );
  }

  app.delete(
    '/api/v1/users/delete-inactive/:id/',
    { config: { access: ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => deleteInactiveUser(app.db, requireActor(request), request.params.id),
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
      config: { access: ACCOUNT_CREATORS },
      schema: { tags, body: ZEmailExistsBody, response: { 200: ZEmailExists } },
    },
    async (request) => ({ exists: await isEmailTaken(app.db, request.body.email, request.body.exclude_id) }),
  );

  app.post(
    '/api/v1/users/login-as-user/',
    {
      config: { access: ADMINS },
      schema: { tags: ['auth'], body: ZLoginAsBody, response: { 200: ZLoginAsResponse } },
    },
    async (request) =>
      loginAsUser(
        app.db,
        requireActor(request),
        { user_id: request.body.user_id, ttlDays: app.config.sessionTtlDays },
        requestContext(request),
      ),
  );

  app.get(
    '/api/v1/utilities/check-agreement/:id/',
    {
      config: { access: 'signed-in', beforeAgreement: true },
      schema: { tags: ['utilities'], params: ZIdParams, response: { 200: ZAgreementStatus } },
    },
    async (request) => getAgreementStatus(app.db, requireActor(request), request.params.id),
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
};
