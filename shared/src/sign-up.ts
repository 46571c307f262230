import { z } from 'zod';
import { ZEmail, ZPassword } from './auth.ts';
import { ZPhone, zRequiredText, zText } from './form-fields.ts';
import { MEMBERSHIP } from './memberships.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { zIdList } from './spec-values.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * The public sign-up forms of part 2 §2 and the account sign-up payload of §3, all posted to
 * POST /api/v1/harvest-centers/ without a session. The query parameters tie a new account to
 * somebody: srid (the sales rep of an HC or RHC), hcid (the HC of an RHC or a staff member), pass
 * (an admin's invitation). A form whose link is missing or unknown sends the visitor to the guest
 * route.
 */

export type SignUpFormKind =
  | 'sales-rep'
  | 'sales-manager'
  | 'sales-distributor'
  | 'admin'
  | 'harvest-center'
  | 'referral-harvest-center'
  | 'hc-staff';

export interface SignUpForm {
  kind: SignUpFormKind;
  path: string;
  title: string;
  /** What the form sends (part 2 §3; the admin form sends 3 and is told apart by `pass`). */
  subscription: number;
  /** Query parameters the form needs; without them it goes to the guest route. */
  needs: readonly ('srid' | 'hcid' | 'pass')[];
  /** hcid is taken when present (the RHC form). */
  accepts?: readonly 'hcid'[];
}

export const SIGN_UP_FORMS: Record<SignUpFormKind, SignUpForm> = {
  'sales-rep': {
    kind: 'sales-rep',
    path: '/sales-rep-registration',
    title: 'New Sales Rep',
    subscription: MEMBERSHIP.salesRep,
    needs: [],
  },
  'sales-manager': {
    kind: 'sales-manager',
    path: '/sales-manager-registration',
    title: 'New Sales Manager',
    subscription: MEMBERSHIP.salesManager,
    needs: [],
  },
  'sales-distributor': {
    kind: 'sales-distributor',
    path: '/sales-distributor-registration',
    title: 'New Sales Distributor',
    subscription: MEMBERSHIP.salesDistributor,
    needs: [],
  },
  admin: {
    kind: 'admin',
    path: '/admin-registration-process',
    title: 'New Admin',
    subscription: MEMBERSHIP.salesRep,
    needs: ['pass'],
  },
  'harvest-center': {
    kind: 'harvest-center',
    path: '/harvest-center-registration',
    title: 'New Harvest Center',
    subscription: MEMBERSHIP.harvestCenter,
    needs: ['srid'],
  },
  'referral-harvest-center': {
    kind: 'referral-harvest-center',
    path: '/referral-harvest-center-registration',
    title: 'New Referral Harvest Center',
    subscription: MEMBERSHIP.referralHarvestCenter,
    needs: ['srid'],
    accepts: ['hcid'],
  },
  'hc-staff': {
    kind: 'hc-staff',
    path: '/hc-staff-registration',
    title: 'New HC Staff Account',
    subscription: MEMBERSHIP.hcStaff,
    needs: ['hcid'],
  },
};

/** The subscriptions a sign-up may ask for (part 2 §3). */
export const SIGN_UP_SUBSCRIPTIONS = [
  MEMBERSHIP.salesRep,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.referralHarvestCenter,
  MEMBERSHIP.salesManager,
  MEMBERSHIP.salesDistributor,
  MEMBERSHIP.hcStaff,
] as const;

/** Which optional fields a subscription's form requires (part 2 §5). */
export function signUpRequirements(subscription: number) {
  const center =
    subscription === MEMBERSHIP.harvestCenter || subscription === MEMBERSHIP.referralHarvestCenter;
  return {
    /** address1, city, state and country. */
    address: center || subscription === MEMBERSHIP.hcStaff,
    /** company and clinic phone. */
    company: center,
    zip: subscription === MEMBERSHIP.referralHarvestCenter,
  };
}

export const POSTAL_CODE_HINT = 'LEAVE BLANK IF THIS DOES NOT APPLY TO YOUR COUNTRY';
export const PASSWORD_HINT = 'Required. Min Length 8';
export const SIGN_UP_WAITING_TEXT = 'waiting to complete process...';
/** How often step 2 of the HC form asks whether the attestation is signed (part 2 §9). */
export const SIGNING_POLL_MS = 5000;
export const SIGN_UP_CREATED_TITLE = 'Created';
/** The form's own error text (part 2 §8: the server's own messages are not shown, except per field). */
export const SIGN_UP_FAILED_MESSAGE = 'The account could not be created. Check the form and try again.';
export const SIGN_UP_REFUSED_MESSAGE = 'Your sign-up could not be accepted.';
export const SIGN_UP_LINK_INVALID_MESSAGE = 'This sign-up link is not valid. Ask for a new one.';
export const SIGN_UP_ATTESTATION_MESSAGE =
  'Sign the attestation again: the signed document does not match this sign-up.';
export const SIGN_UP_THROTTLED_MESSAGE = 'Too many sign-ups from this address. Please try again in an hour.';
/** What a sign-up answers, for a new address and a taken one alike: the mail says which it was. */
export function signUpSentMessage(email: string): string {
  return `Thank you. We sent a message to ${email}: open it to confirm your e-mail address, then sign in.`;
}
/** The mail to an account's owner when a public form was sent with its address. */
export const SIGN_UP_TAKEN_NOTICE_SUBJECT = 'Someone tried to sign up on Portal with your e-mail address';

const optionalText = (max = 200) => zText(max).default('');

export const ZAccountSignUp = z
  .object({
    first_name: zRequiredText('First name'),
    last_name: zRequiredText('Last name'),
    email: ZEmail,
    password: ZPassword,
    subscription: z.literal(SIGN_UP_SUBSCRIPTIONS, { message: 'Choose a valid account type' }),
    address1: optionalText(),
    address2: optionalText(),
    city: optionalText(100),
    state_desc: optionalText(100),
    country_desc: optionalText(100),
    zip_code: optionalText(20),
    company: optionalText(),
    phone_number: ZPhone.default(''),
    /** HC: the template and document of the attestation signed in step 2. */
    template_id: optionalText(100),
    document_id: optionalText(100),
    /** HC and RHC: the sales rep of the link (srid). */
    saless_rep_id: z.number().int().positive().nullable().optional(),
    /** RHC: the harvest center of the link (hcid). */
    hc_id: z.number().int().positive().nullable().optional(),
    /** HC staff: the harvest center of the link (hcid): [12], "12" or 12. */
    staff_hc_ids: zIdList({ max: 1, message: 'The harvest center of the link' }).optional(),
    /** With hc_id or staff_hc_ids: the center's join token of the link (token); the id alone is not enough. */
    join_token: z.string().trim().max(100).optional(),
    /** The admin form: the invitation of the link. */
    pass: z.string().trim().max(200).optional(),
    /** Left empty by people; a form filler that fills every field is refused. */
    website: z.string().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    const needs = signUpRequirements(value.subscription);
    const required = (field: keyof typeof value, label: string) => {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required` });
    };
    if (needs.address) {
      required('address1', 'Address');
      required('city', 'City');
      required('state_desc', 'State');
      required('country_desc', 'Country');
    }
    if (needs.company) {
      required('company', 'Company');
      required('phone_number', 'Clinic phone');
    }
    if (needs.zip) required('zip_code', 'Postal code');
  });
export type TAccountSignUp = z.infer<typeof ZAccountSignUp>;

/**
 * The answer to a public sign-up, the same whether the address was new or already had an account
 * (the owner is mailed instead): it names no account, so it carries no id.
 */
export const ZAccountSignUpResponse = z.object({
  message: z.string(),
  data: z.object({ email: z.string(), subscription: z.number().int() }),
});
export type TAccountSignUpResponse = z.infer<typeof ZAccountSignUpResponse>;

/** GET /api/v1/sign-up/link/: whether a form's link parameters lead anywhere. */
export const ZSignUpLinkQuery = z.object({
  form: z.enum(Object.keys(SIGN_UP_FORMS) as [SignUpFormKind, ...SignUpFormKind[]]),
  srid: zUrlInteger(1, 2_147_483_647).optional(),
  hcid: zUrlInteger(1, 2_147_483_647).optional(),
  /** The center's join token that goes with hcid. */
  token: z.string().trim().max(100).optional(),
  pass: z.string().trim().max(200).optional(),
});
export const ZSignUpLink = z.object({
  valid: z.boolean(),
  /** The company of the hcid's harvest center (only with its valid token), for the form's heading. */
  harvest_center: z.string().nullable(),
});
export type TSignUpLink = z.infer<typeof ZSignUpLink>;

// ---------------------------------------------------------------------------------------------
// E-mail confirmation.
// ---------------------------------------------------------------------------------------------

export const EMAIL_CONFIRMATION_TTL_DAYS = 7;
export const EMAIL_CONFIRMED_MESSAGE = 'Your e-mail address is confirmed. You can sign in now.';
export const EMAIL_CONFIRMATION_INVALID_MESSAGE =
  'This confirmation link is invalid or has expired. Ask for a new one from the login page.';
export const CONFIRMATION_RESENT_MESSAGE = `If an account at this address is waiting for confirmation, we have sent it a new link. It is valid for ${EMAIL_CONFIRMATION_TTL_DAYS} days.`;

export const ZConfirmEmailBody = z.object({ token: z.string().trim().min(10).max(200) });
export const ZResendConfirmationBody = z.object({ email: ZEmail });

// ---------------------------------------------------------------------------------------------
// Admin invitations (/admin-invitations).
// ---------------------------------------------------------------------------------------------

export const ADMIN_INVITATION_TTL_DAYS = 7;
export const ADMIN_INVITATION_STATUSES = ['Active', 'Used', 'Expired', 'Revoked'] as const;
export type TAdminInvitationStatus = (typeof ADMIN_INVITATION_STATUSES)[number];

export const ZAdminInvitationCreate = z.object({ note: zText(200).default('') });
export const ZAdminInvitation = z.object({
  id: z.number().int(),
  note: z.string(),
  status: z.enum(ADMIN_INVITATION_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  used_by: z.string().nullable(),
});
export type TAdminInvitation = z.infer<typeof ZAdminInvitation>;
export const ZAdminInvitationPage = zPage(ZAdminInvitation);
export const ZAdminInvitationQuery = ZPageQuery.extend({ limit: zUrlInteger(1, 100).default(10) });
/** The link exists only in this answer: the server keeps its hash. */
export const ZAdminInvitationCreated = z.object({ invitation: ZAdminInvitation, link: z.string() });
export const ADMIN_INVITATION_REVOKED_MESSAGE = 'The invitation has been revoked.';

// ---------------------------------------------------------------------------------------------
// New sign-ups on the admin dashboard.
// ---------------------------------------------------------------------------------------------

export const ZNewSignUp = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subscription: z.number().int(),
  role: z.string(),
  date_joined: z.string(),
  email_confirmed: z.boolean(),
  is_active: z.boolean(),
  /** The rep (HC, RHC) or the harvest center (RHC, HC staff) the account came through. */
  linked_to: z.string().nullable(),
});
export type TNewSignUp = z.infer<typeof ZNewSignUp>;
export const ZNewSignUpPage = zPage(ZNewSignUp);
export const ZNewSignUpQuery = ZPageQuery.extend({ limit: zUrlInteger(1, 50).default(5) });
