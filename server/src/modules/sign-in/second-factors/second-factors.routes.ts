import { ZMessage } from '@portal/shared/auth';
import { ZIdParams } from '@portal/shared/path-params';
import {
  ZCompleteSignIn,
  ZFactorAdded,
  ZPasskeyRegistrationBody,
  ZPasskeyRename,
  ZPasskeyStep,
  ZReauthentication,
  ZRecoveryCodeStep,
  ZRecoveryCodes,
  ZSecondFactorPolicy,
  ZSecondFactorPolicyUpdate,
  ZSecondFactors,
  ZSignInOptions,
  ZTotpConfirm,
  ZTotpSetup,
  ZTotpStep,
  ZWebAuthnOptions,
} from '@portal/shared/second-factors';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SecretBox } from '../../../auth/secret-box.ts';
import { users } from '../../../db/schema/accounts.ts';
import { PORTAL_ADMINS, requireActor } from '../../../http/access.ts';
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
import { getSecondFactorPolicy, updateSecondFactorPolicy } from './factor-policy.ts';
import { passkeyAuthenticationOptions } from './passkeys.ts';
import { relyingPartyOf } from './relying-party.ts';
import {
  finishWithPasskey,
  finishWithRecoveryCode,
  finishWithTotp,
  passkeyStepOptions,
  signInWithPasskey,
} from './second-step.ts';

const tags = ['second-factors'];
/** The second step after a password: only a session waiting for it (and nothing else) may call. */
const SECOND_STEP = { access: 'signed-in', beforeAgreement: true, signInStages: ['second_factor'] } as const;
/** Setting up a factor: the profile, and an account that must enrol before anything else. */
const ENROLMENT = { access: 'signed-in', beforeAgreement: true, signInStages: ['enrolment'] } as const;
const OWN_FACTORS = { access: 'signed-in', beforeAgreement: true } as const;
/** Whether the demo accounts exist is read at most this often per process (the login page asks). */
const DEMO_CHECK_MS = 30_000;

/** Strong sign-in (docs/decisions/031-strong-sign-in.md): passkeys, authenticator codes, recovery codes. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: FactorDeps = {
    db: app.db,
    box: new SecretBox(app.db, app.config.secretKey),
    sessionTtlDays: app.config.sessionTtlDays,
    wakeMail: () => app.mailWorker.wake(),
  };
  let demoAccounts: { value: boolean; at: number } | undefined;

  app.get(
    '/api/sign-in/options/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What the login page says before anyone signs in (whether the demo accounts exist)',
        response: { 200: ZSignInOptions },
      },
    },
    async () => {
      if (!demoAccounts || Date.now() - demoAccounts.at > DEMO_CHECK_MS) {
        const [row] = await app.db
          .select({ exists: sql<boolean>`true` })
          .from(users)
          .where(and(eq(users.secondFactorExempt, true), eq(users.isActive, true)))
          .limit(1);
        demoAccounts = { value: row !== undefined, at: Date.now() };
      }
      return { demo_accounts: demoAccounts.value };
    },
  );

  // A passkey alone: no e-mail typed; the browser offers the passkeys it holds for this address.
  app.post(
    '/api/admin/login/passkey/options/',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { tags, response: { 200: ZWebAuthnOptions } },
    },
    async (request) => ({
      options: await passkeyAuthenticationOptions(app.db, relyingPartyOf(request), null),
    }),
  );

  app.post(
    '/api/admin/login/passkey/',
    {
      config: { access: 'public' },
      schema: { tags, body: ZPasskeyStep, response: { 200: ZCompleteSignIn } },
    },
    async (request) =>
      signInWithPasskey(deps, relyingPartyOf(request), request.body.response, requestContext(request)),
  );

  app.post(
    '/api/v1/sign-in/passkey/options/',
    { config: SECOND_STEP, schema: { tags, response: { 200: ZWebAuthnOptions } } },
    async (request) => ({
      options: await passkeyStepOptions(app.db, requireActor(request), relyingPartyOf(request)),
    }),
  );

  app.post(
    '/api/v1/sign-in/passkey/',
    { config: SECOND_STEP, schema: { tags, body: ZPasskeyStep, response: { 200: ZCompleteSignIn } } },
    async (request) =>
      finishWithPasskey(
        deps,
        requireActor(request),
        relyingPartyOf(request),
        request.body.response,
        requestContext(request),
      ),
  );

  app.post(
    '/api/v1/sign-in/totp/',
    { config: SECOND_STEP, schema: { tags, body: ZTotpStep, response: { 200: ZCompleteSignIn } } },
    async (request) =>
      finishWithTotp(deps, requireActor(request), request.body.code, requestContext(request)),
  );

  app.post(
    '/api/v1/sign-in/recovery-code/',
    { config: SECOND_STEP, schema: { tags, body: ZRecoveryCodeStep, response: { 200: ZCompleteSignIn } } },
    async (request) =>
      finishWithRecoveryCode(deps, requireActor(request), request.body.code, requestContext(request)),
  );

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
    { config: ENROLMENT, schema: { tags, body: ZPasskeyRegistrationBody, response: { 200: ZFactorAdded } } },
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

  app.get(
    '/api/admin/second-factor-policy/',
    { config: { access: PORTAL_ADMINS }, schema: { tags, response: { 200: ZSecondFactorPolicy } } },
    async () => getSecondFactorPolicy(app.db),
  );

  app.put(
    '/api/admin/second-factor-policy/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, body: ZSecondFactorPolicyUpdate, response: { 200: ZSecondFactorPolicy } },
    },
    async (request) =>
      updateSecondFactorPolicy(app.db, requireActor(request), request.body.required, requestContext(request)),
  );
};
