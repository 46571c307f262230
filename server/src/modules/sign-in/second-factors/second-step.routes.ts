import {
  ZCompleteSignIn,
  ZPasskeyStep,
  ZRecoveryCodeStep,
  ZSignInOptions,
  ZTotpStep,
  ZWebAuthnOptions,
} from '@portal/shared/second-factors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../../http/access.ts';
import { requestContext } from '../../../http/request-context.ts';
import type { FactorDeps } from './factor-management.ts';
import { existActiveExemptAccounts } from './factors.repository.ts';
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
/** Whether the demo accounts exist is read at most this often per process (the login page asks). */
const DEMO_CHECK_MS = 30_000;

/** The login page's options, signing in with a passkey alone, and the second step after a password. */
export function secondStepRoutes(deps: FactorDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
          demoAccounts = { value: await existActiveExemptAccounts(app.db), at: Date.now() };
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
        // Bounded per address by the sign-in throttle it shares with the password (second-step.ts).
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
  };
}
