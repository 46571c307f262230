import { z } from 'zod';
import { ZEmail, ZPassword, ZSessionUser } from './auth.ts';
import { ZCurrentPassword } from './credential-changes.ts';
import { ZPhone, zRequiredText } from './form-fields.ts';
import { MEMBERSHIP } from './memberships.ts';
import { profileFieldShape, ZTemplateId } from './profile.ts';

// ---------------------------------------------------------------------------------------------
// Admin: create and edit users, and "Login As".
// ---------------------------------------------------------------------------------------------

const ZOptionalId = z.number().int().positive().nullable().optional();

/**
 * POST /api/v1/users/: a patient (subscription 2), a harvest center (4) or an HC staff member (9,
 * beyond the spec: its centers are then given in the HC Staff Manager).
 */
export const ZCreateUserBody = z.discriminatedUnion('subscription', [
  z.object({
    subscription: z.literal(MEMBERSHIP.patient),
    email: ZEmail,
    first_name: zRequiredText('First name'),
    last_name: zRequiredText('Last name'),
    phone_number: ZPhone.optional(),
    /** Optional: without one the patient sets a password through the reset-password mail. */
    password: ZPassword.optional(),
  }),
  z.object({
    subscription: z.literal(MEMBERSHIP.harvestCenter),
    email: ZEmail,
    first_name: zRequiredText('First name'),
    last_name: zRequiredText('Last name'),
    company: zRequiredText('Company', 200),
    password: ZPassword,
  }),
  z.object({
    subscription: z.literal(MEMBERSHIP.hcStaff),
    email: ZEmail,
    first_name: zRequiredText('First name'),
    last_name: zRequiredText('Last name'),
    // Staff are of the harvest-center kind in the profile rules (part 2 §1), which need a company.
    company: zRequiredText('Company', 200),
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
    ...profileFieldShape,
    phone_number: ZPhone,
    template_id: ZTemplateId,
    /** Needed only when an admin changes their own e-mail here (credential-changes.ts). */
    current_password: ZCurrentPassword,
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

/** POST /api/v1/users/login-as-user/: an admin-only session linked to the admin's own. */
export const ZLoginAsBody = z.object({ user_id: z.number().int().positive() });
export const ZLoginAsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: ZSessionUser,
});
