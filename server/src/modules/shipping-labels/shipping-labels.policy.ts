import { MEMBERSHIP } from '@portal/shared/memberships';
import { SHIPPING_LABEL_TEXTS } from '@portal/shared/shipping-labels';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { findAccount } from '../accounts/account-view.repository.ts';
import { isStaffOfHarvestCenter } from '../accounts/center-links.repository.ts';
import { adminReaches } from '../accounts/lookups.ts';

/** Centers that request labels: harvest centers and referral harvest centers (part 2 §6). */
export const LABEL_CENTER_MEMBERSHIPS = [MEMBERSHIP.harvestCenter, MEMBERSHIP.referralHarvestCenter] as const;

/** Who may act for a center's labels: the center itself, its HC staff (harvest centers only), admins. */
export async function actsForLabelCenter(db: Db, actor: Actor, centerId: number): Promise<boolean> {
  if (actor.id === centerId) return true;
  if (actor.isAdmin) return adminReaches(db, actor, centerId);
  return actor.membershipId === MEMBERSHIP.hcStaff && isStaffOfHarvestCenter(db, actor.id, centerId);
}

/** The active HC or RHC a request is made for, when the caller acts for it (else 403/404). */
export async function requireLabelCenter(db: Db, actor: Actor, centerId: number) {
  if (!(await actsForLabelCenter(db, actor, centerId))) throw forbidden(SHIPPING_LABEL_TEXTS.notYourCenter);
  const center = await findAccount(db, centerId, LABEL_CENTER_MEMBERSHIPS);
  if (!center?.isActive) throw notFound('Harvest center not found.');
  return center;
}
