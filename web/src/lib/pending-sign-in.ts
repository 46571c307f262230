import type { TPendingSignIn } from '@portal/shared/second-factors';

/**
 * A sign-in whose password was right and whose next step is owed (a second factor, or setting one
 * up: docs/decisions/031). Its token opens nothing but that step, so it is never stored as the
 * session: the signed-in screens do not see it. sessionStorage: it belongs to this tab and goes
 * with it; it lasts minutes anyway.
 */
const KEY = 'portal.pendingSignIn';

export type PendingSignIn = Pick<TPendingSignIn, 'token' | 'stage' | 'methods' | 'expires_at'>;

export function storePendingSignIn(pending: PendingSignIn): void {
  const { token, stage, methods, expires_at } = pending;
  sessionStorage.setItem(KEY, JSON.stringify({ token, stage, methods, expires_at }));
}

/** The pending sign-in of this tab, unless it has expired. */
export function getPendingSignIn(): PendingSignIn | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingSignIn | null;
    if (!pending || typeof pending.token !== 'string' || Date.parse(pending.expires_at) <= Date.now())
      return null;
    return pending;
  } catch {
    return null;
  }
}

export function clearPendingSignIn(): void {
  sessionStorage.removeItem(KEY);
}

/** Where a pending sign-in continues. */
export const PENDING_STEP_PATHS = {
  second_factor: '/sign-in/verify',
  enrolment: '/sign-in/set-up',
} as const;
