import { MEMBERSHIP_NAMES, type MembershipId } from '@portal/shared/memberships';
import type { TUser } from '@portal/shared/users';
import { toLabTrackingJson } from '../accounts/account-json.ts';
import type { UserWithRelations } from './users.repository.ts';

export function membershipName(id: number): string {
  return MEMBERSHIP_NAMES[id as MembershipId] ?? '';
}

export function displayName(user: { firstName: string; lastName: string; email?: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email || '';
}

/** The API's user (part 1 §3). Built field by field, so nothing new on the row leaks by accident. */
export function toUserJson({ user, tags, staffHcIds, domainName }: UserWithRelations): TUser {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const dateJoined = user.dateJoined.toISOString();
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    phone_number: user.phoneNumber,
    address1: user.address1,
    address2: user.address2,
    city: user.city,
    state_desc: user.stateDesc,
    country_desc: user.countryDesc,
    zip_code: user.zipCode,
    template_id: user.templateId,
    document_id: user.documentId,
    subscription: user.membershipId,
    subscription_id: user.membershipId,
    membership: [{ id: user.membershipId, name: membershipName(user.membershipId) }],
    tags,
    is_active: user.isActive,
    is_superuser: user.isSuperuser,
    agreement_accepted: user.agreementAcceptedAt !== null,
    agreement_accepted_at: iso(user.agreementAcceptedAt),
    date_joined: dateJoined,
    signup_date: dateJoined,
    last_login: iso(user.lastLogin),
    domain: user.domainId !== null ? { id: user.domainId, name: domainName ?? '' } : null,
    saless_rep_id: user.salesRepId,
    sales_manager_id: user.salesManagerId,
    sales_distributor_id: user.salesDistributorId,
    staff_hc_ids: staffHcIds,
    harvest_center_temporal: user.harvestCenterId,
    harvest_center_temporal_id: user.harvestCenterId,
    referral_harvest_center_temporal: user.referralHarvestCenterId,
    referral_harvest_center_temporal_id: user.referralHarvestCenterId,
    processing_lab: user.processingLabId,
    lab_id: user.labSampleId,
    auth_customer_profile_id: user.authCustomerProfileId,
    auth_customer_payment_profile_id: user.authCustomerPaymentProfileId,
    ...toLabTrackingJson(user),
  };
}
