import { z } from 'zod';
import { ZLoginResponse } from './auth.ts';
import { ZCurrentPassword } from './credential-changes.ts';
import { ALL_MEMBERSHIPS, type MembershipId } from './memberships.ts';

/**
 * Strong sign-in (docs/decisions/031-strong-sign-in.md): passkeys (WebAuthn), authenticator codes
 * (TOTP, RFC 6238) and single-use recovery codes; the admins' policy of which account types must
 * have a second factor; the sign-in steps between the password and a full session.
 */

/** How far a session has come: a full session, or the password was right and a step is owed. */
export const SIGN_IN_STAGES = ['complete', 'second_factor', 'enrolment'] as const;
export type TSignInStage = (typeof SIGN_IN_STAGES)[number];
export type TPendingStage = Exclude<TSignInStage, 'complete'>;

/** How a session was established (kept on the session and in the audit trail). */
export const SESSION_ESTABLISHED = [
  'password',
  'passkey',
  'password+totp',
  'password+passkey',
  'password+recovery_code',
] as const;
export type TSessionEstablished = (typeof SESSION_ESTABLISHED)[number];

export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'recovery_code'] as const;
export type TSecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * A session in a pending stage calling anything but its step is refused with 403 and one of these
 * codes; the web app then starts the sign-in again.
 */
export const SECOND_FACTOR_REQUIRED_CODE = 'second_factor_required';
export const ENROLMENT_REQUIRED_CODE = 'second_factor_enrolment_required';
export const PENDING_STAGE_CODES: Record<TPendingStage, string> = {
  second_factor: SECOND_FACTOR_REQUIRED_CODE,
  enrolment: ENROLMENT_REQUIRED_CODE,
};
export const PENDING_STAGE_MESSAGES: Record<TPendingStage, string> = {
  second_factor: 'Finish signing in with your second factor first.',
  enrolment: 'Set up a second factor for your account first.',
};

/** A pending sign-in lasts this long; then the password is asked again. */
export const PENDING_SIGN_IN_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_TEXTS = {
  usePasskey: 'Use your passkey',
  enterCode: 'Enter the 6-digit code from your authenticator app',
  useRecoveryCode: 'Use a recovery code',
  recoveryCodesNote:
    'Each code works once, in place of your passkey or authenticator app. Keep them somewhere safe: they are shown only now.',
  pageTitle: 'Sign-in Security',
  policyTitle: 'Sign-in Policy',
} as const;

export const WRONG_CODE_MESSAGE = 'This code is not right or has been used already. Try the newest code.';
export const WRONG_RECOVERY_CODE_MESSAGE = 'This recovery code is not right or has been used already.';
export const PASSKEY_FAILED_MESSAGE = 'We could not verify this passkey. Try again.';
export const CHALLENGE_EXPIRED_MESSAGE = 'This passkey request has expired or was already used. Try again.';
export const NOT_PENDING_MESSAGE = 'This session has no sign-in step waiting.';
export const LINKED_SESSION_FACTORS_MESSAGE =
  'Only the account holder, signed in as themselves, can change how this account signs in.';
export const REAUTHENTICATE_MESSAGE = 'Enter your current password to change how you sign in.';
export const LAST_REQUIRED_FACTOR_MESSAGE =
  'Your account type must have a second factor: add another passkey or an authenticator app before removing this one.';
export const SECOND_FACTOR_THROTTLED_MESSAGE =
  'Too many wrong codes for this account. Please wait 15 minutes and try again.';

/** Whether a session was established with a second factor (a passkey alone counts: it verified the user). */
export function isEstablishedWithSecondFactor(established: TSessionEstablished): boolean {
  return established !== 'password';
}

/**
 * Switching a second factor off for an account type weakens every account of it: only the super
 * admin, in a session it opened with a second factor, changes the policy, and every admin is mailed.
 */
export const POLICY_SUPER_ADMIN_ONLY_MESSAGE = 'Only the super admin can change the sign-in policy.';
export const POLICY_SECOND_FACTOR_MESSAGE =
  'Sign in with your passkey or authenticator app to change the sign-in policy: a password alone is not enough.';

/** A TOTP code as typed: six digits, spaces allowed ("123 456"). */
export const ZTotpCode = z
  .string()
  .max(20)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6 digits shown in your authenticator app'));

/** A recovery code as typed: letters and digits, dashes and spaces ignored, any case. */
export const ZRecoveryCode = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter a recovery code as it was shown (ten letters and digits)'));

/** The current password, asked again for every change to one's factors from a full session. */
export const ZReauthentication = z.object({ current_password: ZCurrentPassword.optional() });
export type TReauthentication = z.infer<typeof ZReauthentication>;

const ZBase64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Expected base64url');

/** What @simplewebauthn/browser's startRegistration answers (extra members are kept). */
export const ZRegistrationResponse = z.object({
  id: ZBase64Url.max(1366),
  rawId: ZBase64Url.max(1366),
  type: z.literal('public-key'),
  response: z
    .object({
      clientDataJSON: ZBase64Url,
      attestationObject: ZBase64Url,
      transports: z.array(z.string().max(32)).max(10).optional(),
    })
    .loose(),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type TRegistrationResponse = z.infer<typeof ZRegistrationResponse>;

/** What @simplewebauthn/browser's startAuthentication answers. */
export const ZAuthenticationResponse = z.object({
  id: ZBase64Url.max(1366),
  rawId: ZBase64Url.max(1366),
  type: z.literal('public-key'),
  response: z
    .object({
      clientDataJSON: ZBase64Url,
      authenticatorData: ZBase64Url,
      signature: ZBase64Url,
      userHandle: ZBase64Url.optional(),
    })
    .loose(),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type TAuthenticationResponse = z.infer<typeof ZAuthenticationResponse>;

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
export const ZWebAuthnOptions = z.object({ options: z.record(z.string(), z.unknown()) });
export type TWebAuthnOptions = z.infer<typeof ZWebAuthnOptions>;

/** The password was right; a step is owed before the session is a full one. */
export const ZPendingSignIn = z.object({
  token: z.string(),
  message: z.string(),
  stage: z.enum(['second_factor', 'enrolment']),
  /** second_factor: what this account can use here; enrolment: what it can set up. */
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  expires_at: z.string(),
});
export type TPendingSignIn = z.infer<typeof ZPendingSignIn>;

export const ZCompleteSignIn = ZLoginResponse.extend({ stage: z.literal('complete') });
export type TCompleteSignIn = z.infer<typeof ZCompleteSignIn>;

/**
 * POST /api/admin/login/: the spec's answer (token, message, user) when the password is all the
 * account needs; otherwise the pending sign-in, without the account's details.
 */
export const ZPasswordLoginResponse = z.union([ZCompleteSignIn, ZPendingSignIn]);
export type TPasswordLoginResponse = z.infer<typeof ZPasswordLoginResponse>;

export function isPendingSignIn(answer: TPasswordLoginResponse): answer is TPendingSignIn {
  return answer.stage !== 'complete';
}

export const ZTotpStep = z.object({ code: ZTotpCode });
export const ZRecoveryCodeStep = z.object({ code: ZRecoveryCode });
export const ZPasskeyStep = z.object({ response: ZAuthenticationResponse });

/** GET /api/sign-in/options/: what the login page may say before anyone signs in. */
export const ZSignInOptions = z.object({
  /** The demo accounts exist (npm start's demo data): they sign in with the password alone. */
  demo_accounts: z.boolean(),
});
export type TSignInOptions = z.infer<typeof ZSignInOptions>;

export const ZPasskeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name, such as "Work laptop"')
  .max(60, 'At most 60 characters');

export const ZPasskey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced by its provider (iCloud Keychain, Google Password Manager…): it survives a lost device. */
  backed_up: z.boolean(),
  /** Made on another address of the portal (a white-label domain): it signs in only there. */
  other_address: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

/** GET /api/v1/second-factors/: the signed-in account's own factors. */
export const ZSecondFactors = z.object({
  passkeys: z.array(ZPasskey),
  totp: z.object({
    enabled: z.boolean(),
    added_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
  }),
  recovery_codes_left: z.number().int(),
  /** The account's type must have a second factor (the policy; not for the demo accounts). */
  required: z.boolean(),
});
export type TSecondFactors = z.infer<typeof ZSecondFactors>;

export const ZPasskeyRegistrationOptionsBody = ZReauthentication;
export const ZPasskeyRegistrationBody = z.object({ name: ZPasskeyName, response: ZRegistrationResponse });
export const ZPasskeyRename = z.object({ name: ZPasskeyName });

/**
 * What adding a factor answers: the passkey or the app, the recovery codes when they were made now
 * (the first factor), and during enrolment the full session that replaces the pending one.
 */
export const ZFactorAdded = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()).nullable(),
  sign_in: ZCompleteSignIn.nullable(),
});
export type TFactorAdded = z.infer<typeof ZFactorAdded>;

export const ZTotpSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code as an SVG data URL, drawn by the server (the web ships no QR library). */
  qr_code: z.string(),
});
export type TTotpSetup = z.infer<typeof ZTotpSetup>;
export const ZTotpConfirm = z.object({ code: ZTotpCode });

export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** GET/PUT /api/admin/second-factor-policy/ */
export const ZSecondFactorPolicy = z.object({
  account_types: z.array(z.object({ id: z.number().int(), name: z.string(), required: z.boolean() })),
  /** Why the caller cannot change the policy now (null: it can). */
  change_refused: z.string().nullable(),
});
export type TSecondFactorPolicy = z.infer<typeof ZSecondFactorPolicy>;
export const ZSecondFactorPolicyUpdate = z.object({
  /** Every account type that must have a second factor; the others are offered one. */
  required: z
    .array(z.number().int())
    .max(ALL_MEMBERSHIPS.length)
    .refine((ids) => ids.every((id) => ALL_MEMBERSHIPS.includes(id as MembershipId)), 'Unknown account type'),
});
export type TSecondFactorPolicyUpdate = z.infer<typeof ZSecondFactorPolicyUpdate>;

export const SECOND_FACTOR_RESET_MESSAGE =
  "The account's passkeys, authenticator app and recovery codes were removed and its sessions ended. It sets up a second factor at its next sign-in.";
