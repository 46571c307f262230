import { ZMessage } from '@portal/shared/auth';
import { ZIdParams } from '@portal/shared/path-params';
import {
  ZFactorAdded,
  ZPasskeyRegistrationBody,
  ZPasskeyRename,
  ZReauthentication,
  ZRecoveryCodes,
  ZSecondFactors,
  ZTotpConfirm,
  ZTotpSetup,
  ZWebAuthnOptions,
} from '@portal/shared/second-factors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../../http/access.ts';
import { requestContext } from '../../../http/request-context.ts';
import {
  beginTotpSetup,
  confirmTotpSetup,
  type FactorDeps,
  finishPasskeyRegistration,
  listOwnFactors,
  removePasskey,
  removeTotp,
  renamePasskey,
  renewRecoveryCodes,
  startPasskeyRegistration,
} from './factor-management.ts';
import { relyingPartyOf } from './relying-party.ts';

const tags = ['second-factors'];
/** Setting up a factor: the profile, and an account that must enrol before anything else. */
const ENROLMENT = { access: 'signed-in', beforeAgreement: true, signInStages: ['enrolment'] } as const;
const OWN_FACTORS = { access: 'signed-in', beforeAgreement: true } as const;

/** A user's own factors: passkeys, the authenticator app and recovery codes, each change re-authenticated. */
export function ownFactorsRoutes(deps: FactorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/second-factors/',
      { config: ENROLMENT, schema: { tags, response: { 200: ZSecondFactors } } },
      async (request) => listOwnFactors(app.db, requireActor(request), relyingPartyOf(request)),
    );

    app.post(
      '/api/v1/second-factors/passkeys/options/',
      { config: ENROLMENT, schema: { tags, body: ZReauthentication, response: { 200: ZWebAuthnOptions } } },
      async (request) => ({
        options: await startPasskeyRegistration(
          deps,
          requireActor(request),
          relyingPartyOf(request),
          request.body.current_password,
          requestContext(request),
        ),
      }),
    );

    app.post(
      '/api/v1/second-factors/passkeys/',
      {
        config: ENROLMENT,
        schema: { tags, body: ZPasskeyRegistrationBody, response: { 200: ZFactorAdded } },
      },
      async (request) =>
        finishPasskeyRegistration(
          deps,
          requireActor(request),
          relyingPartyOf(request),
          request.body,
          requestContext(request),
        ),
    );

    app.put(
      '/api/v1/second-factors/passkeys/:id/',
      {
        config: OWN_FACTORS,
        schema: { tags, params: ZIdParams, body: ZPasskeyRename, response: { 200: ZMessage } },
      },
      async (request) => {
        await renamePasskey(app.db, requireActor(request), request.params.id, request.body.name);
        return { message: 'The passkey has been renamed.' };
      },
    );

    app.post(
      '/api/v1/second-factors/passkeys/:id/remove/',
      {
        config: OWN_FACTORS,
        schema: { tags, params: ZIdParams, body: ZReauthentication, response: { 200: ZMessage } },
      },
      async (request) => {
        await removePasskey(
          deps,
          requireActor(request),
          request.params.id,
          request.body.current_password,
          requestContext(request),
        );
        return { message: 'The passkey has been removed.' };
      },
    );

    app.post(
      '/api/v1/second-factors/totp/setup/',
      { config: ENROLMENT, schema: { tags, body: ZReauthentication, response: { 200: ZTotpSetup } } },
      async (request) =>
        beginTotpSetup(
          deps,
          requireActor(request),
          relyingPartyOf(request),
          request.body.current_password,
          requestContext(request),
        ),
    );

    app.post(
      '/api/v1/second-factors/totp/confirm/',
      { config: ENROLMENT, schema: { tags, body: ZTotpConfirm, response: { 200: ZFactorAdded } } },
      async (request) =>
        confirmTotpSetup(
          deps,
          requireActor(request),
          relyingPartyOf(request),
          request.body.code,
          requestContext(request),
        ),
    );

    app.post(
      '/api/v1/second-factors/totp/remove/',
      { config: OWN_FACTORS, schema: { tags, body: ZReauthentication, response: { 200: ZMessage } } },
      async (request) => {
        await removeTotp(deps, requireActor(request), request.body.current_password, requestContext(request));
        return { message: 'The authenticator app has been removed.' };
      },
    );

    app.post(
      '/api/v1/second-factors/recovery-codes/',
      { config: OWN_FACTORS, schema: { tags, body: ZReauthentication, response: { 200: ZRecoveryCodes } } },
      async (request) => ({
        recovery_codes: await renewRecoveryCodes(
          deps,
          requireActor(request),
          request.body.current_password,
          requestContext(request),
        ),
      }),
    );
  };
}
