/**
 * The browser's side of passkeys, with @simplewebauthn/browser loaded only when a passkey is used:
 * the login page's own chunk stays within its budget (`npm run lint:size`).
 */
import type { TAuthenticationResponse, TRegistrationResponse } from '@portal/shared/second-factors';

type Options = Record<string, unknown>;

/** Whether this browser can use passkeys at all (without loading the library). */
export function canUsePasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** A sentence for a ceremony the browser ended (cancelled, timed out, no passkey here). */
export function passkeyErrorMessage(error: unknown): string | null {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey request was cancelled or timed out. Try again when you are ready.';
  }
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'SecurityError') return 'Passkeys cannot be used on this address.';
  return null;
}

/** navigator.credentials.create with the server's options; the answer goes back to the server as is. */
export async function createPasskey(options: Options): Promise<TRegistrationResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: options as never })) as TRegistrationResponse;
}

/** navigator.credentials.get with the server's options. */
export async function getPasskey(options: Options): Promise<TAuthenticationResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as TAuthenticationResponse;
}
