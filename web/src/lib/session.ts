import type { TSessionUser } from '@portal/shared/auth';

/**
 * Everything the browser keeps about the signed-in session (part 1 §3-§4). localStorage rather than
 * sessionStorage: a session survives new tabs, and Playwright's saved storage state includes it.
 */
const SESSION_KEYS = {
  token: 'portal.token',
  user: 'portal.user',
  redirect: 'portal.redirect',
  template: 'portal.template',
  document: 'portal.document',
  signing: 'portal.signing',
} as const;

type SessionKey = keyof typeof SESSION_KEYS;

export function readSessionValue(key: SessionKey): string | null {
  return localStorage.getItem(SESSION_KEYS[key]);
}

export function writeSessionValue(key: SessionKey, value: string): void {
  localStorage.setItem(SESSION_KEYS[key], value);
}

/** Logout and an expired session forget all of it (part 1 §4). */
export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
}

export function getToken(): string | null {
  return readSessionValue('token');
}

export function getStoredUser(): TSessionUser | null {
  const raw = readSessionValue('user');
  if (!raw) return null;
  // A light check instead of the zod schema, which would put zod in the first chunk of every page; the
  // session query replaces this copy with the server's answer anyway.
  try {
    const user = JSON.parse(raw) as Partial<TSessionUser> | null;
    return typeof user?.id === 'number' && Array.isArray(user.membership) && Array.isArray(user.tags)
      ? (user as TSessionUser)
      : null;
  } catch {
    return null;
  }
}

export function storeUser(user: TSessionUser): void {
  writeSessionValue('user', JSON.stringify(user));
}

export function storeSession(token: string, user: TSessionUser): void {
  writeSessionValue('token', token);
  storeUser(user);
}

export function hasStoredSession(): boolean {
  return getToken() !== null && getStoredUser() !== null;
}

/** Only same-site paths: a crafted `?redirect=https://evil.example` must not send a fresh login elsewhere. */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The query flag that makes the login page say the session expired. */
export const SESSION_EXPIRED_PARAM = 'expired';

/** The login page, told to come back here afterwards (and, after a 401, that the session expired). */
export function loginPath(returnTo: string, options: { expired?: boolean } = {}): string {
  const expired = options.expired ? `&${SESSION_EXPIRED_PARAM}=1` : '';
  return `/?redirect=${encodeURIComponent(returnTo)}${expired}`;
}

export function setRedirectMarker(path: string): void {
  if (isLocalPath(path)) writeSessionValue('redirect', path);
}

/** Reads and forgets where the user was going before the login page. */
export function takeRedirectMarker(): string | null {
  const path = readSessionValue('redirect');
  localStorage.removeItem(SESSION_KEYS.redirect);
  return path && isLocalPath(path) ? path : null;
}
