import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import { isStaffOfHarvestCenter } from '../accounts/center-links.repository.ts';
import { adminReaches, assertAdminReaches } from '../accounts/lookups.ts';

/** An HC's transactions: the HC (its staff acting as it), its staff members, admins. */
export async function requireHarvestCenterHistoryReader(db: Db, actor: Actor, harvestCenterId: number) {
  if (actor.isAdmin) return assertAdminReaches(db, actor, harvestCenterId);
  if (actor.membershipId === MEMBERSHIP.harvestCenter && actor.id === harvestCenterId) return;
  if (
    actor.membershipId === MEMBERSHIP.hcStaff &&
    (await isStaffOfHarvestCenter(db, actor.id, harvestCenterId))
  )
    return;
  throw forbidden();
}

/** An RHC's transactions: the RHC and admins. */
export async function requireReferralCenterHistoryReader(
  db: Db,
  actor: Actor,
  referralHarvestCenterId: number,
) {
  if (actor.isAdmin) return assertAdminReaches(db, actor, referralHarvestCenterId);
  if (actor.membershipId === MEMBERSHIP.referralHarvestCenter && actor.id === referralHarvestCenterId) return;
  throw forbidden();
}

type TransactionParties = {
  buyerUserId: number | null;
  harvestCenterId: number | null;
  referralHarvestCenterId: number | null;
};

/** A receipt: whoever paid, the HC and RHC of the order, the HC's staff, admins. */
export async function canReadTransaction(db: Db, actor: Actor, t: TransactionParties): Promise<boolean> {
  if (actor.isAdmin) return adminReaches(db, actor, t.buyerUserId);
  if ([t.buyerUserId, t.harvestCenterId, t.referralHarvestCenterId].includes(actor.id)) return true;
  return (
    actor.membershipId === MEMBERSHIP.hcStaff &&
    t.harvestCenterId !== null &&
    (await isStaffOfHarvestCenter(db, actor.id, t.harvestCenterId))
  );
}
