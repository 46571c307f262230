import { z } from 'zod';
import { ZSessionUser } from './auth.ts';
import { ZLabTracking } from './lab-tracking.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { zUrlId } from './url-integers.ts';

// ---------------------------------------------------------------------------------------------
// The user as the API returns it (part 1 §3). A superset of the session user, so a profile save
// response can replace the user the browser keeps. Never carries the password hash.
// ---------------------------------------------------------------------------------------------

const ZDateTime = z.string().nullable(); // ISO timestamp or null

export const ZUser = ZSessionUser.omit({ logo_url: true, domain_id: true }).extend({
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
  // Plain digits within the database's integer ids: anything else is a 400 before the CSV's first byte.
  membership: zUrlId().optional(),
  tag: zUrlId().optional(),
  /** The accounts of one white-label domain (a white-label admin always gets its own). */
  domain: zUrlId().optional(),
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
// Resending a new account's invitation (POST /api/v1/users/{id}/resend-invitation/).
// ---------------------------------------------------------------------------------------------

export const RESEND_INVITATION_FORBIDDEN_MESSAGE =
  'You can resend an invitation only to your own patients and staff (admins: to any other account).';
export const ALREADY_SIGNED_IN_MESSAGE =
  'This account has already signed in. Its owner can choose a new password through "Forgot Password?".';
