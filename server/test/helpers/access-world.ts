import { MEMBERSHIP } from '@portal/shared/memberships';
import { asc } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { products } from '../../src/db/schema/vials.ts';
import { enqueueMail } from '../../src/mail/outbox.ts';
import { createProcessingLab, createUser, type UserRow } from '../../src/seed/factories.ts';
import {
  createHarvestCenter,
  createHcStaff,
  createLabUser,
  createPatient,
  createReferralHarvestCenter,
  createSalesDistributor,
  createSalesManager,
  createSalesRep,
  createVialRecord,
} from '../../src/seed/patient-factories.ts';
import type { FileStorage } from '../../src/storage/file-storage.ts';
import { createSideDocuments } from './document-world.ts';

export type SideName = 'A' | 'B';

/**
 * One side of the world: a processing lab with its two lab accounts, a sales chain
 * distributor → manager → rep, the rep's HC (sending tissue to the lab) with an associated RHC and a
 * staff member, a patient of that HC referred by that RHC, and one vial record of the patient.
 */
async function createSide(db: Db, side: SideName) {
  const lab = await createProcessingLab(db, `Lab ${side}`);
  const labUser = await createLabUser(db, lab, { lastName: `Lab ${side}` });
  const labAccess = await createLabUser(db, lab, {
    membershipId: MEMBERSHIP.labRouteAccess,
    lastName: `Lab Access ${side}`,
  });
  const salesDistributor = await createSalesDistributor(db, { lastName: `Distributor ${side}` });
  const salesManager = await createSalesManager(db, {
    distributor: salesDistributor,
    lastName: `Manager ${side}`,
  });
  const salesRep = await createSalesRep(db, { manager: salesManager, lastName: `Rep ${side}` });
  const harvestCenter = await createHarvestCenter(db, { rep: salesRep, lab, company: `Harvest ${side}` });
  const referralCenter = await createReferralHarvestCenter(db, {
    rep: salesRep,
    harvestCenters: [harvestCenter],
    company: `Referral ${side}`,
  });
  const hcStaff = await createHcStaff(db, [harvestCenter], {
    company: `Staff ${side}`,
    lastName: `Staff ${side}`,
  });
  const patient = await createPatient(db, {
    harvestCenter,
    referralCenter,
    firstName: 'Pat',
    lastName: `Patient ${side}`,
  });
  const { record: vialRecord } = await createVialRecord(db, { patient, type: 'added', quantity: 4 });
  return {
    lab,
    labUser,
    labAccess,
    salesDistributor,
    salesManager,
    salesRep,
    harvestCenter,
    referralCenter,
    hcStaff,
    patient,
    vialRecord,
  };
}
export type WorldSide = Awaited<ReturnType<typeof createSide>>;

/**
 * Two of everything, so that every role has an object of each kind it may reach (side A, where
 * the signed-in accounts live) and one it must not (side B); the three admins are shared.
 */
export async function createTwoSidedWorld(db: Db, options: { storage: FileStorage }) {
  const superAdmin = await createUser(db, { membershipId: MEMBERSHIP.admin, isSuperuser: true });
  const admin = await createUser(db, { membershipId: MEMBERSHIP.admin });
  const adminEquivalent = await createUser(db, { membershipId: MEMBERSHIP.adminEquivalent });
  const A = await createSide(db, 'A');
  const B = await createSide(db, 'B');
  const documents = {
    A: await createSideDocuments(db, options.storage, A),
    B: await createSideDocuments(db, options.storage, B),
  };
  const outboxMailId = await enqueueMail(db, {
    to: A.patient.email,
    subject: 'Access matrix',
    text: 'A queued mail for the admin outbox view.',
  });
  const [product] = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1);
  if (!product) throw new Error('The migrations seed no product: the product routes need one.');
  const accounts = new Map<number, UserRow>();
  for (const account of [superAdmin, admin, adminEquivalent, ...accountsOf(A), ...accountsOf(B)]) {
    accounts.set(account.id, account);
  }
  return {
    superAdmin,
    admin,
    adminEquivalent,
    A,
    B,
    documents,
    outboxMailId,
    productId: product.id,
    accounts,
  };
}
export type TwoSidedWorld = Awaited<ReturnType<typeof createTwoSidedWorld>>;

function accountsOf(side: WorldSide): UserRow[] {
  return [
    side.labUser,
    side.labAccess,
    side.salesDistributor,
    side.salesManager,
    side.salesRep,
    side.harvestCenter,
    side.referralCenter,
    side.hcStaff,
    side.patient,
  ];
}
