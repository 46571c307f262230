import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to files that work without the session header (a PDF opened in a new tab). The MAC
 * covers the path, every extra parameter and the expiry, so none can be changed or reused elsewhere.
 */

const RESERVED = new Set(['expires', 'signature']);

/** One canonical text for the MAC: the path, then the parameters sorted by name, URL-encoded. */
function canonical(pathname: string, params: Record<string, string>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name])}`);
  return `${pathname}\n${sorted.join('&')}`;
}

function mac(secret: string, pathname: string, params: Record<string, string>): Buffer {
  return createHmac('sha256', secret).update(canonical(pathname, params)).digest();
}

/**
 * `${pathname}?…extra…&expires=<unix seconds>&signature=<base64url>`. `extra` must not use the names
 * `expires` or `signature`.
 */
export function signUrlPath(
  secret: string,
  pathname: string,
  ttlSeconds: number,
  extra: Record<string, string> = {},
  now: Date = new Date(),
): string {
  if (!secret) throw new Error('signUrlPath needs a secret');
  for (const name of Object.keys(extra)) {
    if (RESERVED.has(name)) throw new Error(`signUrlPath: "${name}" is reserved`);
  }
  const expires = String(Math.floor(now.getTime() / 1000) + Math.max(0, Math.floor(ttlSeconds)));
  const params = { ...extra, expires };
  const signature = mac(secret, pathname, params).toString('base64url');
  const query = new URLSearchParams({ ...params, signature });
  return `${pathname}?${query.toString()}`;
}

/**
 * True when `query` (as a router parses it: every parameter of the request) carries a valid, unexpired
 * signature for `pathname`. Any parameter added, removed or changed makes it false. Never throws.
 */
export function verifySignedUrlPath(
  secret: string,
  pathname: string,
  query: Record<string, unknown>,
  now: Date = new Date(),
): boolean {
  if (!secret) return false;
  const { signature, ...rest } = query;
  if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(rest)) {
    // Numbers and booleans come from routers that coerce the query; repeated parameters are refused.
    if (typeof value === 'string') params[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') params[name] = String(value);
    else if (value !== undefined) return false;
  }
  const expires = Number(params.expires);
  if (!/^\d{1,12}$/.test(params.expires ?? '') || expires * 1000 < now.getTime()) return false;
  const expected = mac(secret, pathname, params);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
