import {
  CHALLENGE_EXPIRED_MESSAGE,
  PASSKEY_FAILED_MESSAGE,
  type TAuthenticationResponse,
  type TRegistrationResponse,
} from '@portal/shared/second-factors';
import type {
  AuthenticatorTransport,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest } from '../../../errors/app-error.ts';
import {
  claimChallenge as claimChallengeRow,
  findPasskeyByCredentialId,
  findPasskeysOf,
  insertChallenge,
  insertPasskeyRow,
  type NewPasskeyRow,
  type PasskeyRow,
  recordPasskeyUse,
} from './factors.repository.ts';
import type { RelyingParty } from './relying-party.ts';

/** Loaded with the first ceremony (see totp.ts: most processes never run one). */
const webauthn = () => import('@simplewebauthn/server');

/** How long the browser has to answer a ceremony. */
const CEREMONY_MS = 5 * 60 * 1000;

/** A ceremony that failed: the reason goes to the audit trail, the person gets one plain sentence. */
export class PasskeyRefused extends AppError {
  readonly reason: string;
  constructor(reason: string, message = PASSKEY_FAILED_MESSAGE) {
    super(400, message);
    this.reason = reason.slice(0, 200);
  }
}

type ChallengeFor = { purpose: 'registration' | 'authentication'; userId: number | null; rp: RelyingParty };

async function storeChallenge(db: Db, challenge: string, which: ChallengeFor): Promise<void> {
  await insertChallenge(db, {
    challenge,
    purpose: which.purpose,
    userId: which.userId,
    rpId: which.rp.id,
    expiresAt: new Date(Date.now() + CEREMONY_MS),
  });
}

/** The challenge the browser signed, read from its clientDataJSON (verified again by the library). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string' && data.challenge.length <= 200) return data.challenge;
  } catch {
    // not JSON: refused below
  }
  throw new PasskeyRefused('clientDataJSON without a challenge');
}

/**
 * Uses up the challenge a response answers: it must be one this server issued for this purpose,
 * account and relying party, unexpired and unused. Claimed before the signature is checked, so a
 * response can be tried once, and a replayed one finds nothing.
 */
async function claimChallenge(db: Db, clientDataJSON: string, which: ChallengeFor): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const claimed = await claimChallengeRow(db, challenge, {
    purpose: which.purpose,
    userId: which.userId,
    rpId: which.rp.id,
  });
  if (!claimed) throw new PasskeyRefused('unknown, used or expired challenge', CHALLENGE_EXPIRED_MESSAGE);
  return claimed;
}

/** Options as the API sends them (ZWebAuthnOptions): a JSON object the browser library reads. */
const asJson = (options: object) => options as Record<string, unknown>;

const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransport[];

export async function passkeyRegistrationOptions(
  db: Db,
  account: { id: number; email: string; name: string },
  rp: RelyingParty,
) {
  const existing = (await findPasskeysOf(db, account.id)).filter((key) => key.rpId === rp.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.name || account.email,
    // The account's id, not its e-mail: the handle is stored on the device and must not change.
    userID: new TextEncoder().encode(`portal-user-${account.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: transportsOf(key) })),
    // Discoverable where the authenticator can, so the passkey also signs in without an e-mail.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CEREMONY_MS,
  });
  await storeChallenge(db, options.challenge, { purpose: 'registration', userId: account.id, rp });
  return asJson(options);
}

export type NewPasskey = NewPasskeyRow;

/**
 * Checks a registration: the challenge issued to this account here, the origin and RP id, the
 * attestation. Returns the passkey to store (the caller inserts it with what goes along).
 */
export async function verifyPasskeyRegistration(
  db: Db,
  account: { id: number },
  rp: RelyingParty,
  input: { name: string; response: TRegistrationResponse },
): Promise<NewPasskey> {
  const expectedChallenge = await claimChallenge(db, input.response.response.clientDataJSON, {
    purpose: 'registration',
    userId: account.id,
    rp,
  });
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    verification = await verifyRegistrationResponse({
      response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    throw new PasskeyRefused(error instanceof Error ? error.message : 'registration not verified');
  }
  if (!verification.verified) throw new PasskeyRefused('registration not verified');
  const { credential, credentialBackedUp } = verification.registrationInfo;
  return {
    userId: account.id,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: (input.response.response.transports ?? credential.transports ?? []).slice(0, 10),
    rpId: rp.id,
    name: input.name,
    backedUp: credentialBackedUp,
  };
}

export async function insertPasskey(db: Db, passkey: NewPasskey): Promise<PasskeyRow> {
  const row = await insertPasskeyRow(db, passkey);
  if (!row) throw badRequest('This passkey is registered already.');
  return row;
}

/**
 * Options to sign in with a passkey: the account's own passkeys made here (the second step after a
 * password), or none named (a passkey alone: the browser offers the discoverable ones it holds).
 */
export async function passkeyAuthenticationOptions(db: Db, rp: RelyingParty, userId: number | null) {
  const keys = userId === null ? [] : (await findPasskeysOf(db, userId)).filter((key) => key.rpId === rp.id);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: transportsOf(key) })),
    // A passkey alone stands for both factors only with user verification (PIN, biometrics).
    userVerification: userId === null ? 'required' : 'preferred',
    timeout: CEREMONY_MS,
  });
  await storeChallenge(db, options.challenge, { purpose: 'authentication', userId, rp });
  return asJson(options);
}

/**
 * Checks a passkey assertion: the challenge this server issued (for `userId`, or for anyone), a
 * passkey made for this relying party (the account's own when `userId` is given), its signature and
 * counter. Returns the passkey, its counter and last use updated.
 */
export async function authenticateWithPasskey(
  db: Db,
  rp: RelyingParty,
  response: TAuthenticationResponse,
  userId: number | null,
): Promise<PasskeyRow> {
  const expectedChallenge = await claimChallenge(db, response.response.clientDataJSON, {
    purpose: 'authentication',
    userId,
    rp,
  });
  const key = await findPasskeyByCredentialId(db, response.id);
  if (!key || key.rpId !== rp.id) throw new PasskeyRefused('unknown credential');
  if (userId !== null && key.userId !== userId) throw new PasskeyRefused("another account's credential");
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    verification = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(key.publicKey),
        counter: key.counter,
        transports: transportsOf(key),
      },
      requireUserVerification: userId === null,
    });
  } catch (error) {
    throw new PasskeyRefused(error instanceof Error ? error.message : 'assertion not verified');
  }
  if (!verification.verified) throw new PasskeyRefused('assertion not verified');
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // The counter moves forward only: a cloned authenticator replaying an old count is refused above,
  // and two assertions racing with the same count are accepted once.
  const updated = await recordPasskeyUse(db, key.id, { counter: newCounter, backedUp: credentialBackedUp });
  if (!updated) throw new PasskeyRefused('counter did not move forward');
  return updated;
}
