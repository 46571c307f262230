import { z } from 'zod';
import { ZCheckAgreement } from './agreement.ts';
import { ZEmail, ZPassword, ZSessionUser } from './auth.ts';
import { ZLabTracking } from './lab-tracking.ts';
import { HC_TYPE_MEMBERSHIPS, MEMBERSHIP } from './memberships.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { TEXT } from './ui-constants.ts';
import { zUrlId, zUrlInteger } from './url-integers.ts';

/** Path ids: a positive integer, so a bad id is a 400 and never reaches SQL. */
export const ZIdParams = z.object({ id: zUrlId() });

// ---------------------------------------------------------------------------------------------
// The user as the API returns it (part 1 §3). A superset of the session user, so a profile save
// response can replace the user the browser keeps. Never carries the password hash.
// ---------------------------------------------------------------------------------------------

const ZDateTime = z.string().nullable(); // ISO timestamp or null

export const ZUser = ZSessionUser.extend({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state_desc: z.string(),
  country_desc: z.string(),
  zip_code: z.string(),
  document_id: z.string(),
  subscription_id: z.number().int(),
  is_active: z.boolean(),
  date_joined: z.string(),
  /** Same instant as date_joined; the spec names both. */
  signup_date: z.string(),
  last_login: ZDateTime,
  agreement_accepted_at: ZDateTime,
  domain: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sales_manager_id: z.number().int().nullable(),
  sales_distributor_id: z.number().int().nullable(),
  /** HC staff (9): the harvest centers the staff member works for. */
  staff_hc_ids: z.array(z.number().int()),
  harvest_center_temporal_id: z.number().int().nullable(),
  referral_harvest_center_temporal: z.number().int().nullable(),
  referral_harvest_center_temporal_id: z.number().int().nullable(),
  processing_lab: z.number().int().nullable(),
  lab_id: z.string(),
  auth_customer_profile_id: z.string(),
  auth_customer_payment_profile_id: z.string(),
  ...ZLabTracking.shape,
});
export type TUser = z.infer<typeof ZUser>;

/**
 * `count` of the admin user lists stops at this number: counting every match of a broad search
 * costs more than the page itself. A count equal to the cap means "this many or more" (the
 * client shows e.g. "Page 1 of 500+"); narrowing the search brings exact figures back.
 */
export const USER_LIST_COUNT_CAP = 10_000;

export const ZUserPage = zPage(ZUser);
export type TUserPage = z.infer<typeof ZUserPage>;

// ---------------------------------------------------------------------------------------------
// Field rules shared by the profile form, the admin edit form and the server.
// ---------------------------------------------------------------------------------------------

/** Separators people type in phone numbers; the rest must be digits ("phone numeric", part 1 §5). */
export const PHONE_MESSAGE = 'Phone number must contain digits only';
export const ZPhone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .max(20, 'Phone number is too long')
      .regex(/^\+?[0-9]*$/, PHONE_MESSAGE),
  );

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const required = (label: string, max = 150) => text(max).min(1, `${label} is required`);

/** Company is shown and required only for these memberships (part 1 §5). */
export function isCompanyRequired(membershipId: number): boolean {
  return (HC_TYPE_MEMBERSHIPS as readonly number[]).includes(membershipId);
}
export const COMPANY_REQUIRED_MESSAGE = 'Company is required';

export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'phone_number',
  'email',
  'company',
  'address1',
  'address2',
  'city',
  'state_desc',
  'country_desc',
  'zip_code',
] as const;

/** The fields of the profile form (Contact Details). */
const profileShape = {
  first_name: required('First name'),
  last_name: required('Last name'),
  phone_number: ZPhone.pipe(z.string().min(1, 'Phone number is required')),
  email: ZEmail,
  company: text(200),
  address1: text(200),
  address2: text(200),
  city: text(100),
  state_desc: text(100),
  country_desc: text(100),
  zip_code: text(20),
};
/** Editable by the super admin only (403 otherwise); sending it unchanged is fine for everyone. */
const ZTemplateId = text(200);

/**
 * PUT /api/v1/users/{id}/: the profile form; first name, last name, phone and e-mail required
 * (company too for memberships 4 and 9), the other fields keep their value when left out.
 * Fields outside the form (membership, tags, active state, sales links…) are not part of the
 * contract and are ignored.
 */
export const ZProfilePut = z.object({
  ...profileShape,
  company: profileShape.company.optional(),
  address1: profileShape.address1.optional(),
  address2: profileShape.address2.optional(),
  city: profileShape.city.optional(),
  state_desc: profileShape.state_desc.optional(),
  country_desc: profileShape.country_desc.optional(),
  zip_code: profileShape.zip_code.optional(),
  template_id: ZTemplateId.optional(),
  check_agreement: ZCheckAgreement.optional(),
});
/** PATCH /api/v1/users/{id}/: any subset of the form, or just check_agreement. */
export const ZProfilePatch = z
  .object({ ...profileShape, template_id: ZTemplateId })
  .partial()
  .extend({ check_agreement: ZCheckAgreement.optional() });
export type TProfilePatch = z.infer<typeof ZProfilePatch>;

// ---------------------------------------------------------------------------------------------
// Admin: create and edit users.
// ---------------------------------------------------------------------------------------------

const ZOptionalId = z.number().int().positive().nullable().optional();

/** POST /api/v1/users/: a patient (subscription 2) or a harvest center (subscription 4). */
export const ZCreateUserBody = z.discriminatedUnion('subscription', [
  z.object({
    subscription: z.literal(MEMBERSHIP.patient),
    email: ZEmail,
    first_name: required('First name'),
    last_name: required('Last name'),
    phone_number: ZPhone.optional(),
    /** Optional: without one the patient sets a password through the reset-password mail. */
    password: ZPassword.optional(),
  }),
  z.object({
    subscription: z.literal(MEMBERSHIP.harvestCenter),
    email: ZEmail,
    first_name: required('First name'),
    last_name: required('Last name'),
    company: required('Company', 200),
    password: ZPassword,
  }),
]);
export type TCreateUserBody = z.infer<typeof ZCreateUserBody>;

/**
 * POST /api/v1/users/update/{id}/ (admin "Edit user"): profile fields plus the role-specific
 * fields of part 1 §6. Every field is optional; a role field that does not apply to the user's
 * membership is refused (400) unless sent as null.
 * - HC (4): company, template_id (super admin only), saless_rep_id
 * - RHC (5) and patient (2): saless_rep_id
 * - Sales rep (3): sales_manager_id
 * - Sales manager (6): sales_distributor_id
 */
export const ZAdminUserUpdate = z
  .object({
    ...profileShape,
    phone_number: ZPhone,
    template_id: ZTemplateId,
    tags: z.array(z.number().int().positive()).max(50),
    saless_rep_id: ZOptionalId,
    sales_manager_id: ZOptionalId,
    sales_distributor_id: ZOptionalId,
  })
  .partial();
export type TAdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

/** Which memberships carry each sales link (a patient's rep follows its harvest center, part 1 §4). */
export const ROLE_FIELDS = {
  saless_rep_id: [MEMBERSHIP.harvestCenter, MEMBERSHIP.referralHarvestCenter, MEMBERSHIP.patient],
  sales_manager_id: [MEMBERSHIP.salesRep],
  sales_distributor_id: [MEMBERSHIP.salesManager],
} as const;

// ---------------------------------------------------------------------------------------------
// Passwords.
// ---------------------------------------------------------------------------------------------

/** Admin flow: a new password for another user. */
export const ZAdminChangePassword = z.object({
  user_id: z.number().int().positive(),
  new_password_change: ZPassword,
});

/** Profile flow (/password page). */
export const ZUpdateOwnPassword = z
  .object({
    password_current: z.string().min(1, 'Current password is required').max(1024),
    password_new: ZPassword,
    password_confirmation: z.string().max(1024),
  })
  .refine((v) => v.password_new === v.password_confirmation, {
    message: TEXT.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';
export const EMAIL_TAKEN_MESSAGE = 'A user with this e-mail already exists.';

// ---------------------------------------------------------------------------------------------
// Lists, filters and the CSV export.
// ---------------------------------------------------------------------------------------------

export const USER_SORT_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'company',
  'date_joined',
  'last_login',
  'membership',
] as const;
export type TUserSortField = (typeof USER_SORT_FIELDS)[number];
export const USER_ORDERINGS = USER_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);
/**
 * Newest accounts first. By id rather than date_joined: the same order for accounts created here,
 * and the primary key serves it, so a broad search stops after the first page of matches.
 */
export const DEFAULT_USER_ORDERING = '-id';

/** Filters shared by the list, the inactive list and the CSV export. */
export const ZUserFilters = z.object({
  /** Matches name, e-mail, company and phone, case-insensitive, anywhere in the text. */
  search: z.string().trim().max(100).optional(),
  membership: zUrlId().optional(),
  tag: zUrlId().optional(),
  /**
   * 'true' (default): active users, the main list ("Delete" there deactivates, and the user
   * leaves it); 'false': inactive users; 'all': both.
   */
  active: z
    .enum(['true', 'false', 'all'])
    .default('true')
    .transform((v) => (v === 'all' ? undefined : v === 'true')),
});
export type TUserFilters = z.infer<typeof ZUserFilters>;

/** GET /api/admin/users/?search=&membership=&tag=&active=&ordering=-id&limit=20&offset=0 */
export const ZUserListQuery = ZPageQuery.extend(ZUserFilters.shape).extend({
  ordering: z.enum(USER_ORDERINGS as unknown as [string, ...string[]]).default(DEFAULT_USER_ORDERING),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;

export const USER_CSV_COLUMNS = [
  'ID',
  'Name',
  'Email',
  'Date Joined',
  'Company',
  'Phone',
  'Subscription',
  'Active',
  'Date Adipose Shipped To Lab',
  'Date Adipose Received By Lab',
  'Estimated Date Vials Ready To Ship',
  'Date Vials Ready To Ship',
  'Stemcell Plating Initiated Date',
  'Vials Available',
  'Vials Shipped',
  'Vials Preparation',
  'Vials Ready To Ship',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'Country',
  'Zip Code',
  'Document ID',
  'Template ID',
  'Sales Rep ID',
  'Sales Manager ID',
  'Lab ID',
  'Sales Distributor ID',
  'HC Staff IDs',
  'Customer Profile ID',
  'Payment Profile ID',
] as const;

// ---------------------------------------------------------------------------------------------
// Small requests and answers.
// ---------------------------------------------------------------------------------------------

export const ZEmailExistsBody = z.object({
  email: ZEmail,
  /** The user being edited, so its own address does not count as taken. */
  exclude_id: z.number().int().positive().optional(),
});
export const ZEmailExists = z.object({ exists: z.boolean() });

export const ZLoginAsBody = z.object({ user_id: z.number().int().positive() });
export const ZLoginAsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: ZSessionUser,
});

export const ZResetUserPasswordBody = z.object({
  user_id: z.number().int().positive(),
  /** Shown by the client in its confirmation; the server mails the stored address. */
  user_name: z.string().max(300).optional(),
});

export const ZContactBody = z.object({
  name: required('Name', 200),
  email: ZEmail,
  phone: ZPhone.optional(),
  message: required('Message', 5000),
});
export type TContactBody = z.infer<typeof ZContactBody>;

// ---------------------------------------------------------------------------------------------
// Option lists for select-search fields (part 1 §3: value or id, label, first_name, last_name).
// ---------------------------------------------------------------------------------------------

export const ZUserOption = z.object({
  value: z.number().int(),
  label: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type TUserOption = z.infer<typeof ZUserOption>;

export const ZOptionsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: zUrlInteger(1, 1000).default(1000),
});

export const ZValueOption = z.object({ value: z.number().int(), label: z.string() });
export const ZIdName = z.object({ id: z.number().int(), name: z.string() });
