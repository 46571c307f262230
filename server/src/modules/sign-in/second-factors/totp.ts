import { recordAudit, SYSTEM_IDENTITY } from '../../../audit-chain/audit-log.ts';
import type { SecretBox } from '../../../auth/secret-box.ts';
import type { Db } from '../../../db/client.ts';
import { isDatabaseUnavailable, pgErrorCode } from '../../../db/unavailable.ts';
import { findTotpIn, recordTotpStep, writeUnconfirmedTotp } from './factors.repository.ts';

/**
 * The libraries load with the first use: most processes never set up or check an authenticator
 * app, and loading them costs ~30 MB of resident memory with the passkey library (decision 035).
 */
const otplib = () => import('otplib');

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side of the server's clock, for a phone a little fast or slow. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

/** The associated data a secret is sealed with: it opens only on its own account's row. */
const sealContext = (userId: number) => `totp:${userId}`;

/**
 * Starts (or restarts) setting up an authenticator app: a new secret, kept sealed and unconfirmed
 * until the first code proves the app has it. A confirmed app is never replaced here.
 */
export async function startTotpSetup(
  db: Db,
  box: SecretBox,
  account: { id: number; email: string },
  issuer: string,
): Promise<{ secret: string; otpauthUrl: string; qrCode: string } | null> {
  const { generateSecret, generateURI } = await otplib();
  const secret = generateSecret();
  const secretEncrypted = await box.seal(secret, sealContext(account.id));
  if (!(await writeUnconfirmedTotp(db, account.id, secretEncrypted))) return null;
  const otpauthUrl = generateURI({ issuer, label: account.email, secret });
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a code against the account's app (confirmed, or the one being set up) and uses it up: a code
 * is accepted once, within one step of the server's clock; a step at or before the last accepted one
 * is refused, and the guarded UPDATE makes two requests racing with one code accept it once.
 */
export async function acceptTotpCode(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
  which: 'confirmed' | 'unconfirmed',
): Promise<boolean> {
  const row = await findTotpIn(db, userId, which);
  if (!row) return false;
  const opened = await openSecret(db, box, userId, row.secretEncrypted);
  if (!opened) return false;
  const { plain: secret, isCurrent } = opened;
  const step = await matchingStep(secret, code, row.lastUsedStep);
  if (step === null) return false;
  return recordTotpStep(db, userId, row.secretEncrypted, step, {
    ...(which === 'unconfirmed' ? { confirmedAt: new Date() } : {}),
    // Sealed under a generated key before SECRET_KEY was set: sealed again under SECRET_KEY.
    ...(isCurrent ? {} : { secretEncrypted: await box.seal(secret, sealContext(userId)) }),
  });
}

/**
 * The account's secret, or null when its seal does not open on this row: sealed for another account
 * (a row's value copied onto another), altered, or under a key this portal does not have. The code is
 * then answered as a wrong one (never a 5xx), and the trail says the secret did not open: that is
 * tampering or a lost key, not a mistyped code. A database failure is not this, and is thrown.
 */
async function openSecret(db: Db, box: SecretBox, userId: number, sealed: string) {
  try {
    return await box.open(sealed, sealContext(userId));
  } catch (error) {
    if (pgErrorCode(error) !== undefined || isDatabaseUnavailable(error)) throw error;
    await recordAudit(db, SYSTEM_IDENTITY, {
      action: 'second_factor.unreadable',
      targetUserId: userId,
      detail: { method: 'totp' },
    });
    return null;
  }
}

async function matchingStep(
  secret: string,
  code: string,
  lastUsedStep: number | null,
): Promise<number | null> {
  try {
    const { verify } = await otplib();
    const result = await verify({
      secret,
      token: code,
      period: PERIOD_SECONDS,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed code, or a last step ahead of the window (a clock moved back): not accepted.
    return null;
  }
}
