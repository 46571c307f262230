import type { TCompleteSignIn, TWebAuthnOptions } from '@portal/shared/second-factors';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { storeSession } from '../../../lib/session.ts';
import { getPasskey, passkeyErrorMessage } from '../../../lib/webauthn.ts';

/*
 * Signing in with a passkey alone (no e-mail typed): loaded by the login page when the button is
 * pressed, so its code (and the WebAuthn library it loads) is not part of the page's first load.
 */

async function ceremony(): Promise<TCompleteSignIn> {
  const { options } = await api.post<TWebAuthnOptions>('/api/admin/login/passkey/options/', undefined, {
    anonymous: true,
  });
  const response = await getPasskey(options);
  return api.post<TCompleteSignIn>('/api/admin/login/passkey/', { response }, { anonymous: true });
}

/** Signs in and keeps the session; a failure comes back as one sentence for the page. */
export async function signInWithPasskey(): Promise<TCompleteSignIn> {
  try {
    const signIn = await ceremony();
    storeSession(signIn.token, signIn.user);
    notifySuccess(signIn.message);
    return signIn;
  } catch (error) {
    throw new Error(passkeyErrorMessage(error) ?? errorMessage(error));
  }
}
