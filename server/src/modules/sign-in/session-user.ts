import type { TSessionUser } from '@portal/shared/auth';
import { MEMBERSHIP_NAMES, type MembershipId } from '@portal/shared/memberships';
import type { Db } from '../../db/client.ts';
import { findAccountById, findTagIdsOf } from '../accounts/account-view.repository.ts';
import { findCenterLogoKey } from '../accounts/center-logo.repository.ts';
import { logoUrl } from '../accounts/center-logo.ts';

/** The user as the browser keeps it (part 1 §3). */
export async function loadSessionUser(db: Db, userId: number): Promise<TSessionUser> {
  const user = await findAccountById(db, userId);
  if (!user) throw new Error(`account ${userId} vanished`);
  const [tags, logoKey] = await Promise.all([findTagIdsOf(db, user.id), findCenterLogoKey(db, user.id)]);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    phone_number: user.phoneNumber,
    saless_rep_id: user.salesRepId,
    template_id: user.templateId,
    subscription: user.membershipId,
    membership: [{ id: user.membershipId, name: MEMBERSHIP_NAMES[user.membershipId as MembershipId] ?? '' }],
    harvest_center_temporal: user.harvestCenterId,
    tags,
    is_superuser: user.isSuperuser,
    agreement_accepted: user.agreementAcceptedAt !== null,
    logo_url: logoUrl(logoKey),
    domain_id: user.domainId,
  };
}
