import type { TCompleteSignIn, TWebAuthnOptions } from '@portal/shared/second-factors';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { clearPendingSignIn } from '../../../lib/pending-sign-in.ts';
import { storeSession } from '../../../lib/session.ts';
import { getPasskey } from '../../../lib/webauthn.ts';

/** The second step after a password, with the pending sign-in's token (docs/decisions/031). */
export const finishWithTotp = (token: string, code: string) =>
  api.post<TCompleteSignIn>('/api/v1/sign-in/totp/', { code }, { token });

export const finishWithRecoveryCode = (token: string, code: string) =>
  api.post<TCompleteSignIn>('/api/v1/sign-in/recovery-code/', { code }, { token });

export async function finishWithPasskey(token: string): Promise<TCompleteSignIn> {
  const { options } = await api.post<TWebAuthnOptions>('/api/v1/sign-in/passkey/options/', undefined, {
    token,
  });
  const response = await getPasskey(options);
  return api.post<TCompleteSignIn>('/api/v1/sign-in/passkey/', { response }, { token });
}

/** The full session replaces the pending sign-in. */
export function keepSignIn(signIn: TCompleteSignIn): void {
  clearPendingSignIn();
  storeSession(signIn.token, signIn.user);
  notifySuccess(signIn.message);
}

/** Giving up halfway: the pending session ends on the server too (best effort). */
export async function abandonSignIn(token: string): Promise<void> {
  clearPendingSignIn();
  await api.post('/api/admin/logout/', undefined, { token }).catch(() => undefined);
}
