import { MEMBERSHIP, VIAL_CHECKOUT_TAG_ID } from '@portal/shared/memberships';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { centerAccounts, patientAccounts, salesAccounts } from '../../db/schema/account-links.ts';
import { users, userTagLinks } from '../../db/schema/accounts.ts';
import { forbidden } from '../../errors/app-error.ts';
import { isRhcAssociatedWithHc } from './account-writes.ts';

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

export async function hasTag(db: Db, userId: number, tagId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTagLinks.userId })
    .from(userTagLinks)
    .where(and(eq(userTagLinks.userId, userId), eq(userTagLinks.tagId, tagId)));
  return row !== undefined;
}

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

export type SalesTeam = {
  salesRepId: number | null;
  salesManagerId: number | null;
  salesDistributorId: number | null;
};

/** The sales rep of a center or patient, with the rep's manager and the manager's distributor, as of now. */
export async function salesTeamOf(db: Db, accountId: number): Promise<SalesTeam> {
  const [center] = await db
    .select({ salesRepId: centerAccounts.salesRepId })
    .from(centerAccounts)
    .where(eq(centerAccounts.userId, accountId));
  const [patient] = center
    ? [undefined]
    : await db
        .select({ salesRepId: patientAccounts.salesRepId })
        .from(patientAccounts)
        .where(eq(patientAccounts.userId, accountId));
  return salesTeamOfRep(db, center?.salesRepId ?? patient?.salesRepId ?? null);
}

/** A rep with its manager and that manager's distributor, by the links as they are now. */
export async function salesTeamOfRep(db: Db, salesRepId: number | null): Promise<SalesTeam> {
  if (salesRepId === null) return { salesRepId: null, salesManagerId: null, salesDistributorId: null };
  const manager = alias(salesAccounts, 'manager');
  const [team] = await db
    .select({ salesManagerId: salesAccounts.salesManagerId, salesDistributorId: manager.salesDistributorId })
    .from(salesAccounts)
    .leftJoin(manager, eq(manager.userId, salesAccounts.salesManagerId))
    .where(eq(salesAccounts.userId, salesRepId));
  return {
    salesRepId,
    salesManagerId: team?.salesManagerId ?? null,
    salesDistributorId: team?.salesDistributorId ?? null,
  };
}

/** The account's e-mail and display name (receipts, gateway customer profiles). */
export async function accountContact(db: Db, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
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
  const [patient] = await db
    .select({ harvestCenterId: patientAccounts.harvestCenterId })
    .from(patientAccounts)
    .where(eq(patientAccounts.userId, buyer.userId));
  return patient?.harvestCenterId ?? null;
}
