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
/** The query value naming whose session sent the browser to the login page (its redirect is theirs). */
export const REDIRECT_OWNER_PARAM = 'for';

/**
 * The login page, told to come back here afterwards (and, after a 401, that the session expired and
 * whose it was: the way back belongs to that user, not to whoever signs in next on this browser).
 */
export function loginPath(
  returnTo: string,
  options: { expired?: boolean; userId?: number | null } = {},
): string {
  const expired = options.expired ? `&${SESSION_EXPIRED_PARAM}=1` : '';
  const owner = options.userId ? `&${REDIRECT_OWNER_PARAM}=${options.userId}` : '';
  return `/?redirect=${encodeURIComponent(returnTo)}${expired}${owner}`;
}

type RedirectMarker = { path: string; userId: number | null };

/** Which signed-in paths a user may open (the app's route guard, registered by web/src/app). */
let redirectAdmits: (path: string, user: TSessionUser) => boolean = () => true;

export function guardRedirects(admits: (path: string, user: TSessionUser) => boolean): void {
  redirectAdmits = admits;
}

/** Keeps where to go after the login, and for whom (null: whoever signs in next). */
export function setRedirectMarker(path: string, userId: number | null = null): void {
  if (isLocalPath(path))
    writeSessionValue('redirect', JSON.stringify({ path, userId } satisfies RedirectMarker));
}

function readRedirectMarker(): RedirectMarker | null {
  const raw = readSessionValue('redirect');
  if (!raw) return null;
  try {
    const marker = JSON.parse(raw) as Partial<RedirectMarker> | null;
    if (typeof marker?.path !== 'string') return null;
    return { path: marker.path, userId: typeof marker.userId === 'number' ? marker.userId : null };
  } catch {
    return null;
  }
}

/**
 * Reads and forgets where the user was going before the login page: only the signed-in user's own
 * (an earlier visitor's is dropped), and only a page this user may open (else /unauthorized would
 * greet a new account).
 */
export function takeRedirectMarker(): string | null {
  const marker = readRedirectMarker();
  localStorage.removeItem(SESSION_KEYS.redirect);
  const user = getStoredUser();
  if (!marker || !user || !isLocalPath(marker.path)) return null;
  if (marker.userId !== null && marker.userId !== user.id) return null;
  return redirectAdmits(marker.path, user) ? marker.path : null;
}
