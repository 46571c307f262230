import type { TSessionUser } from '@portal/shared/auth';
import { MEMBERSHIP_NAMES, type MembershipId } from '@portal/shared/memberships';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centerAccounts } from '../../db/schema/account-links.ts';
import { userTagLinks } from '../../db/schema/accounts.ts';
import { findAccountById } from '../accounts/account-view.ts';
import { logoUrl } from '../accounts/center-logo.ts';

/** The user as the browser keeps it (part 1 §3). */
export async function loadSessionUser(db: Db, userId: number): Promise<TSessionUser> {
  const user = await findAccountById(db, userId);
  if (!user) throw new Error(`account ${userId} vanished`);
  const [tags, [center]] = await Promise.all([
    db.select({ id: userTagLinks.tagId }).from(userTagLinks).where(eq(userTagLinks.userId, user.id)),
    db
      .select({ logoKey: centerAccounts.logoKey })
      .from(centerAccounts)
      .where(eq(centerAccounts.userId, user.id)),
  ]);
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
    tags: tags.map((t) => t.id).sort((a, b) => a - b),
    is_superuser: user.isSuperuser,
    agreement_accepted: user.agreementAcceptedAt !== null,
    logo_url: logoUrl(center?.logoKey ?? null),
    domain_id: user.domainId,
  };
}
