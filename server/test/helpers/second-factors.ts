import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { SoftwareAuthenticator } from './software-authenticator.ts';

/** The test app's relying party: PUBLIC_URL of buildTestApp. */
export const TEST_ORIGIN = 'http://portal.test';

/** The code an authenticator app shows `offsetSeconds` from now (a phone whose clock is off). */
export function totpCode(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** A code of the step after the current one: one the server has not seen, still within its window. */
export async function freshTotpCode(secret: string): Promise<string> {
  return totpCode(secret, 30);
}

export function passwordLogin(app: FastifyInstance, email: string, password = 'test-password', ip?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login/',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

/** A call with a (pending or full) session token. */
export function withToken(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { authorization: `Token ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * Sets up an authenticator app with a session (an enrolment one, or a full one with its password)
 * and confirms it with a computed code; returns the secret and what the confirmation answered.
 */
export async function enrolTotp(app: FastifyInstance, token: string, currentPassword?: string) {
  const setup = await withToken(app, token, 'POST', '/api/v1/second-factors/totp/setup/', {
    ...(currentPassword ? { current_password: currentPassword } : {}),
  });
  if (setup.statusCode !== 200) throw new Error(`TOTP setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirm = await withToken(app, token, 'POST', '/api/v1/second-factors/totp/confirm/', {
    code: await totpCode(secret),
  });
  if (confirm.statusCode !== 200) throw new Error(`TOTP confirm: ${confirm.statusCode} ${confirm.body}`);
  return {
    secret,
    ...(confirm.json() as { recovery_codes: string[] | null; sign_in: { token: string } | null }),
  };
}

/** Registers a passkey of a software authenticator with a session (and its password when full). */
export async function enrolPasskey(
  app: FastifyInstance,
  token: string,
  options: { authenticator?: SoftwareAuthenticator; currentPassword?: string; name?: string } = {},
) {
  const authenticator = options.authenticator ?? new SoftwareAuthenticator(TEST_ORIGIN);
  const start = await withToken(app, token, 'POST', '/api/v1/second-factors/passkeys/options/', {
    ...(options.currentPassword ? { current_password: options.currentPassword } : {}),
  });
  if (start.statusCode !== 200) throw new Error(`passkey options: ${start.statusCode} ${start.body}`);
  const response = authenticator.register(start.json().options);
  const finish = await withToken(app, token, 'POST', '/api/v1/second-factors/passkeys/', {
    name: options.name ?? 'Test laptop',
    response,
  });
  if (finish.statusCode !== 200) throw new Error(`passkey registration: ${finish.statusCode} ${finish.body}`);
  return {
    authenticator,
    ...(finish.json() as { recovery_codes: string[] | null; sign_in: { token: string } | null }),
  };
}

/**
 * Signs in as a person does: the password, then whatever step the account owes (an authenticator
 * app set up now when it must enrol; `totpSecret` when it has one). Returns the full session's token.
 */
export async function signInFully(
  app: FastifyInstance,
  email: string,
  options: { password?: string; totpSecret?: string } = {},
): Promise<{ token: string; totpSecret?: string }> {
  const login = await passwordLogin(app, email, options.password);
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const answer = login.json() as { token: string; stage: string };
  if (answer.stage === 'complete') return { token: answer.token };
  if (answer.stage === 'enrolment') {
    const enrolled = await enrolTotp(app, answer.token);
    return { token: enrolled.sign_in?.token ?? '', totpSecret: enrolled.secret };
  }
  if (!options.totpSecret) throw new Error(`${email} owes a second factor: pass its totpSecret`);
  const step = await withToken(app, answer.token, 'POST', '/api/v1/sign-in/totp/', {
    code: await freshTotpCode(options.totpSecret),
  });
  if (step.statusCode !== 200) throw new Error(`TOTP step: ${step.statusCode} ${step.body}`);
  return { token: step.json().token, totpSecret: options.totpSecret };
}
