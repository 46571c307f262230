import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './ui-constants.ts';

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

export const ZLoginBody = z.object({
  email: z.string().trim().min(1, 'E-mail is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZMembershipRef = z.object({ id: z.number().int(), name: z.string() });

/** The signed-in user as the browser keeps it (part 1 §3, "The logged-in user kept locally"). */
export const ZSessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  phone_number: z.string(),
  saless_rep_id: z.number().int().nullable(),
  template_id: z.string(),
  subscription: z.number().int(),
  membership: z.array(ZMembershipRef),
  harvest_center_temporal: z.number().int().nullable(),
  tags: z.array(z.number().int()),
  is_superuser: z.boolean(),
  agreement_accepted: z.boolean(),
  /** A harvest center's logo (its header shows it); null for other accounts and centers without one. */
  logo_url: z.string().nullable().default(null),
  /** The white-label domain of the account; null for the main portal (its admins manage the whole portal). */
  domain_id: z.number().int().nullable().default(null),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZLoginResponse = z.object({ token: z.string(), message: z.string(), user: ZSessionUser });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** Who is really behind the session: an admin impersonating, or HC staff acting for an HC. */
export const ZSessionInfo = z.object({
  user: ZSessionUser,
  impersonator: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  staff: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

export const ZPasswordResetRequest = z.object({ email: ZEmail });

export const ZPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, 'Password is too long');

/** Sign-in of a self-made account before its e-mail is confirmed (403 with this code). */
export const EMAIL_UNCONFIRMED_CODE = 'email_unconfirmed';
export const EMAIL_UNCONFIRMED_MESSAGE =
  'Confirm your e-mail address first: open the link we sent you when you signed up.';

/** The server refuses the 10,000 most common passwords wherever one is chosen. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';

export const ZPasswordResetConfirm = z
  .object({
    token: z.string().min(10).max(200),
    password: ZPassword,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'New Password and Confirmation Password do not match!',
    path: ['password_confirmation'],
  });

/** What the login page says of passkeys and of the demo accounts (docs/decisions/031-strong-sign-in.md). */
export const LOGIN_PAGE_TEXTS = {
  signInWithPasskey: 'Sign in with a passkey',
  demoNote:
    'This portal runs its demo data: the demo accounts sign in with the demo password alone, without a second factor.',
} as const;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
export const ZBuildVersion = z.object({ version: z.string() });
