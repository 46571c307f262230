import { createHmac } from 'node:crypto';

/*
 * An authenticator app in the test (RFC 6238 with node:crypto: SHA-1, 6 digits, 30-second steps), so
 * a browser test can set up and use the portal's authenticator codes as a person with a phone does.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = '';
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

const currentStep = () => Math.floor(Date.now() / 30_000);

function codeAtStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/**
 * The secret of each account a test set up an app for, and the last step it used: the portal accepts
 * a code once and no older one after it, so the next sign-in uses a later step (the next one is
 * within the window; beyond that, the test waits for the clock).
 */
const apps = new Map<string, { secret: string; lastStep: number }>();

/** The first code of a newly set-up app, its step remembered as used. */
export function firstCode(email: string, secret: string): string {
  const step = currentStep();
  apps.set(email.toLowerCase(), { secret, lastStep: step });
  return codeAtStep(secret, step);
}

/** A code of the account's app the portal has not accepted yet (null: no app known for it). */
export async function nextCode(email: string): Promise<string | null> {
  const app = apps.get(email.toLowerCase());
  if (!app) return null;
  const step = Math.max(currentStep(), app.lastStep + 1);
  const wait = (step - 1) * 30_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 200));
  app.lastStep = step;
  return codeAtStep(app.secret, step);
}
