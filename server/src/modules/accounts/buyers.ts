import { MEMBERSHIP, VIAL_CHECKOUT_TAG_ID } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import { hasTag } from './account-view.repository.ts';
import { isRhcAssociatedWithHc, isStaffOfHarvestCenter } from './center-links.repository.ts';
import { findHarvestCenterOfPatient } from './patient-links.repository.ts';

/**
 * Who may buy, keep saved cards and saved locations (part 2 §6): harvest centers, referral harvest
 * centers (an HC staff member acting for its HC is the HC), and patients with the vial-checkout tag.
 */
export type Buyer = {
  userId: number;
  kind: 'harvest-center' | 'referral-center' | 'patient';
  /** The staff member placing the order for the HC ("Access to this HC"), never taken from a body. */
  hcStaffId: number | null;
};

export const NOT_A_BUYER_MESSAGE =
  'Only harvest centers, referral harvest centers and patients who may order vials can do this.';

/** The buying account behind this caller, or null when it may not buy. */
export async function buyerOf(db: Db, actor: Actor): Promise<Buyer | null> {
  const hcStaffId = actor.session.kind === 'staff_access' ? actor.session.actorUserId : null;
  if (actor.membershipId === MEMBERSHIP.harvestCenter)
    return { userId: actor.id, kind: 'harvest-center', hcStaffId };
  if (actor.membershipId === MEMBERSHIP.referralHarvestCenter) {
    return { userId: actor.id, kind: 'referral-center', hcStaffId: null };
  }
  if (actor.membershipId === MEMBERSHIP.patient && (await hasTag(db, actor.id, VIAL_CHECKOUT_TAG_ID))) {
    return { userId: actor.id, kind: 'patient', hcStaffId: null };
  }
  return null;
}

export async function requireBuyer(db: Db, actor: Actor): Promise<Buyer> {
  const buyer = await buyerOf(db, actor);
  if (!buyer) throw forbidden(NOT_A_BUYER_MESSAGE);
  return buyer;
}

/** A caller acts on its own commerce records only: the user_id of a body or path must be its own buyer. */
export async function requireOwnBuyer(db: Db, actor: Actor, userId: number): Promise<Buyer> {
  const buyer = await requireBuyer(db, actor);
  if (buyer.userId !== userId) throw forbidden();
  return buyer;
}

/**
 * Reading a buyer's saved locations: its own, or, for HC staff, those of a harvest center they work
 * for (part 2 §6: staff request labels for their HC and pick its saved address; they change none).
 */
export async function requireLocationsReader(db: Db, actor: Actor, userId: number): Promise<void> {
  if (actor.membershipId === MEMBERSHIP.hcStaff) {
    if (await isStaffOfHarvestCenter(db, actor.id, userId)) return;
    throw forbidden();
  }
  await requireOwnBuyer(db, actor, userId);
}

/**
 * The harvest center an order belongs to (coupon restrictions, the transaction's HC): the HC itself;
 * for an RHC the HC it chose, which must be one of its associated centers; for a patient its HC.
 */
export async function harvestCenterOfOrder(
  db: Db,
  buyer: Buyer,
  requestedHcId: number | null,
): Promise<number | null> {
  if (buyer.kind === 'harvest-center') return buyer.userId;
  if (buyer.kind === 'referral-center') {
    if (requestedHcId === null) return null;
    return (await isRhcAssociatedWithHc(db, buyer.userId, requestedHcId)) ? requestedHcId : null;
  }
  return findHarvestCenterOfPatient(db, buyer.userId);
}
