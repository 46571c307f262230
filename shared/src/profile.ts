import { z } from 'zod';
import { ZCheckAgreement } from './agreement.ts';
import { ZEmail } from './auth.ts';
import { ZCurrentPassword } from './credential-changes.ts';
import { ZPhone, zRequiredText, zText } from './form-fields.ts';
import { HC_TYPE_MEMBERSHIPS } from './memberships.ts';

// ---------------------------------------------------------------------------------------------
// The profile form (Contact Details, part 1 §5): its fields are also the base of the admin edit
// form (account-admin.ts), so the rules live once here.
// ---------------------------------------------------------------------------------------------

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
export const profileFieldShape = {
  first_name: zRequiredText('First name'),
  last_name: zRequiredText('Last name'),
  phone_number: ZPhone.pipe(z.string().min(1, 'Phone number is required')),
  email: ZEmail,
  company: zText(200),
  address1: zText(200),
  address2: zText(200),
  city: zText(100),
  state_desc: zText(100),
  country_desc: zText(100),
  zip_code: zText(20),
};
/** Editable by the super admin only (403 otherwise); sending it unchanged is fine for everyone. */
export const ZTemplateId = zText(200);

/**
 * PUT /api/v1/users/{id}/: the profile form; first name, last name, phone and e-mail required
 * (company too for memberships 4 and 9), the other fields keep their value when left out.
 * Fields outside the form (membership, tags, active state, sales links…) are not part of the
 * contract and are ignored.
 */
export const ZProfilePut = z.object({
  ...profileFieldShape,
  company: profileFieldShape.company.optional(),
  address1: profileFieldShape.address1.optional(),
  address2: profileFieldShape.address2.optional(),
  city: profileFieldShape.city.optional(),
  state_desc: profileFieldShape.state_desc.optional(),
  country_desc: profileFieldShape.country_desc.optional(),
  zip_code: profileFieldShape.zip_code.optional(),
  template_id: ZTemplateId.optional(),
  current_password: ZCurrentPassword.optional(),
  check_agreement: ZCheckAgreement.optional(),
});
/** PATCH /api/v1/users/{id}/: any subset of the form, or just check_agreement. */
export const ZProfilePatch = z
  .object({ ...profileFieldShape, template_id: ZTemplateId, current_password: ZCurrentPassword })
  .partial()
  .extend({ check_agreement: ZCheckAgreement.optional() });
export type TProfilePatch = z.infer<typeof ZProfilePatch>;
