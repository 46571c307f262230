import { ZAgreementStatus } from '@portal/shared/agreement';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import { ZProfilePatch, ZProfilePut } from '@portal/shared/profile';
import { type TUser, ZUser } from '@portal/shared/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { getAgreementStatus, getUser, getUserByIdentifier, updateProfile } from './user-profile.ts';

const tags = ['users'];

/** A patient's account read through the user routes is a read of a patient record: on the audit trail. */
async function auditPatientRead(db: Db, request: FastifyRequest, user: TUser): Promise<TUser> {
  if (user.subscription === MEMBERSHIP.patient) {
    await recordAudit(db, identityOf(requireActor(request), request), {
      action: 'patient.viewed',
      patientId: user.id,
      objectType: 'user',
      objectId: user.id,
    });
  }
  return user;
}

/** One user read by id or identifier, the profile form, and the agreement check. */
export const userProfileRoutes: FastifyPluginAsyncZod = async (app) => {
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

  // Open before the agreement so that check_agreement can be sent; the service refuses anything else.
  app.put(
    '/api/v1/users/:id/',
    {
      config: { access: 'signed-in', beforeAgreement: true },
      schema: { tags, params: ZIdParams, body: ZProfilePut, response: { 200: ZUser } },
    },
    async (request) =>
      updateProfile(app.db, requireActor(request), request.params.id, request.body, requestContext(request)),
  );

  app.patch(
    '/api/v1/users/:id/',
    {
      config: { access: 'signed-in', beforeAgreement: true },
      schema: { tags, params: ZIdParams, body: ZProfilePatch, response: { 200: ZUser } },
    },
    async (request) =>
      updateProfile(app.db, requireActor(request), request.params.id, request.body, requestContext(request)),
  );

  app.get(
    '/api/v1/utilities/check-agreement/:id/',
    {
      config: { access: 'signed-in', beforeAgreement: true },
      schema: { tags: ['utilities'], params: ZIdParams, response: { 200: ZAgreementStatus } },
    },
    async (request) => getAgreementStatus(app.db, requireActor(request), request.params.id),
  );
};
