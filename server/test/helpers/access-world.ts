import { ALL_MEMBERSHIPS, MEMBERSHIP, VIAL_CHECKOUT_TAG_ID } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { centerAccounts } from '../../src/db/schema/account-links.ts';
import { domains, users, userTagLinks } from '../../src/db/schema/accounts.ts';
import { assetItems, assets } from '../../src/db/schema/assets.ts';
import { coupons, locations, paymentProfiles, transactions } from '../../src/db/schema/commerce.ts';
import { passkeys } from '../../src/db/schema/second-factors.ts';
import { shippingLabelRequests } from '../../src/db/schema/shipping.ts';
import { adminInvitations } from '../../src/db/schema/sign-up.ts';
import { products } from '../../src/db/schema/vials.ts';
import { enqueueMail } from '../../src/mail-delivery/outbox.ts';
import { createJoinRequest } from '../../src/modules/accounts/center-join.repository.ts';
import { CENTER_LOGOS } from '../../src/modules/accounts/center-logo.ts';
import { ASSET_FILES } from '../../src/modules/assets/asset-files.ts';
import { LABEL_FILES } from '../../src/modules/shipping-labels/label-files.ts';
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
import { domainFileKey } from '../../src/storage/domain-files.ts';
import type { FileStorage } from '../../src/storage/file-storage.ts';
import { createSideDocuments, TINY_PDF } from './document-world.ts';

type ProcessingLab = Awaited<ReturnType<typeof createProcessingLab>>;

export type SideName = 'A' | 'B';
/** Side C: a second white-label domain, added by addOtherDomainSide. */
type SideLabel = SideName | 'C';

/**
 * One side of the world: a processing lab with its two lab accounts, a sales chain
 * distributor → manager → rep, the rep's HC (sending tissue to the lab) with an associated RHC and a
 * staff member, a patient of that HC referred by that RHC, and one vial record of the patient.
 * Every account's name or company ends with the side's letter (sideMarkers).
 */
async function createSide(db: Db, side: SideLabel, options: { lab?: ProcessingLab } = {}) {
  const lab = options.lab ?? (await createProcessingLab(db, `Lab ${side}`));
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
  // A staff member who asked to join the HC through its link, not approved (decision 027).
  const joinApplicant = await createUser(db, {
    membershipId: MEMBERSHIP.hcStaff,
    company: `Staff ${side}`,
    lastName: `Staff ${side} applicant`,
  });
  const joinRequestId = await createJoinRequest(db, {
    kind: 'staff',
    requesterId: joinApplicant.id,
    harvestCenterId: harvestCenter.id,
  });
  const patient = await createPatient(db, {
    harvestCenter,
    referralCenter,
    firstName: 'Pat',
    lastName: `Patient ${side}`,
  });
  const { record: vialRecord } = await createVialRecord(db, { patient, type: 'added', quantity: 4 });
  const commerce = await createSideCommerce(db, side, {
    harvestCenter,
    referralCenter,
    patient,
    salesRep,
    salesManager,
    salesDistributor,
  });
  return {
    ...commerce,
    lab,
    labUser,
    labAccess,
    salesDistributor,
    salesManager,
    salesRep,
    harvestCenter,
    referralCenter,
    hcStaff,
    joinApplicant,
    joinRequestId: joinRequestId!,
    patient,
    vialRecord,
  };
}
export type WorldSide = Awaited<ReturnType<typeof createSide>>;

/** The accounts that buy (part 2 §6), each with a saved location and a saved card. */
export const BUYER_ROLES = ['harvestCenter', 'referralCenter', 'patient'] as const;
export type BuyerRole = (typeof BUYER_ROLES)[number];

/**
 * Commerce of a side: the patient may order vials (tag 1); every buyer has a location and a saved
 * card (rows as the sandbox gateway would leave them); the HC paid one processing fee.
 */
async function createSideCommerce(
  db: Db,
  side: SideLabel,
  accounts: Record<BuyerRole, UserRow> & {
    salesRep: UserRow;
    salesManager: UserRow;
    salesDistributor: UserRow;
  },
) {
  await db.insert(userTagLinks).values({ userId: accounts.patient.id, tagId: VIAL_CHECKOUT_TAG_ID });
  const locationIds = {} as Record<BuyerRole, number>;
  const cardIds = {} as Record<BuyerRole, string>;
  for (const role of BUYER_ROLES) {
    const userId = accounts[role].id;
    const [location] = await db
      .insert(locations)
      .values({
        userId,
        address1: `1 ${side} Street`,
        city: 'Austin',
        stateDesc: 'TX',
        countryDesc: 'US',
        isDefault: true,
      })
      .returning({ id: locations.id });
    locationIds[role] = location.id;
    cardIds[role] = `sbx_pp_world_${side}_${role}`;
    await db.insert(paymentProfiles).values({
      userId,
      gateway: 'sandbox',
      customerProfileId: `sbx_cus_world_${side}_${role}`,
      paymentProfileId: cardIds[role],
      cardType: 'Visa',
      cardLast4: '1111',
      cardHolder: `Buyer ${side}`,
      expirationDate: '2099-12',
    });
  }
  const [transaction] = await db
    .insert(transactions)
    .values({
      buyerUserId: accounts.harvestCenter.id,
      harvestCenterId: accounts.harvestCenter.id,
      salesRepId: accounts.salesRep.id,
      salesManagerId: accounts.salesManager.id,
      salesDistributorId: accounts.salesDistributor.id,
      productId: PRODUCT.processingFee,
      productName: 'Processing Fee',
      quantity: 1,
      unitPriceCents: 100,
      amountCents: 100,
    })
    .returning({ id: transactions.id });
  return { locationIds, cardIds, transactionId: transaction.id };
}

/** A 1×1 PNG: what a stored logo is. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A side's label request with a label file: `file` is the {file} of media/fedex-label/{file}. */
async function createSideLabelRequest(db: Db, storage: FileStorage, side: WorldSide) {
  const labelKey = LABEL_FILES.newKey('pdf');
  await storage.put(labelKey, TINY_PDF);
  const [request] = await db
    .insert(shippingLabelRequests)
    .values({
      centerId: side.harvestCenter.id,
      transactionId: side.transactionId,
      centerEmail: side.harvestCenter.email,
      representative: 'Matrix Representative',
      labelDate: '2026-01-02',
      address1: '1 Label Street',
      city: 'Austin',
      stateDesc: 'TX',
      countryDesc: 'US',
      zipCode: '73301',
      trackingNumber: '123',
      trackingLink: 'https://fedex.test/123',
      labelKey,
    })
    .returning({ id: shippingLabelRequests.id });
  return { id: request.id, file: LABEL_FILES.fileOf(labelKey) };
}

/**
 * The assets of the world: on side A one aimed at every account type (each caller's "own"), on side B
 * one aimed at none (only admins reach it); each with a stored file.
 */
async function createWorldAssets(db: Db, storage: FileStorage) {
  const make = async (membershipIds: number[]) => {
    const insert = () =>
      db
        .insert(assets)
        .values({ name: 'Matrix asset', description: 'For the access matrix', membershipIds })
        .returning({ id: assets.id });
    // Two assets: the routes by id may delete theirs, and the checkpoint puts rows back, not files.
    const [asset] = await insert();
    const [withFile] = await insert();
    const key = ASSET_FILES.newKey('pdf');
    await storage.put(key, TINY_PDF);
    await db.insert(assetItems).values({ assetId: withFile.id, type: 2, name: 'File', path: key });
    return { id: asset.id, file: ASSET_FILES.fileOf(key) };
  };
  return { A: await make([...ALL_MEMBERSHIPS]), B: await make([]) };
}

/** A side's HC logo: `file` is the {file} of media/hc-logos/{file}. */
async function createSideLogo(db: Db, storage: FileStorage, side: WorldSide) {
  const file = `${side.harvestCenter.id}-logo.png`;
  await storage.put(CENTER_LOGOS.keyOfFile(file), TINY_PNG);
  await db
    .update(centerAccounts)
    .set({ logoKey: CENTER_LOGOS.keyOfFile(file) })
    .where(eq(centerAccounts.userId, side.harvestCenter.id));
  return file;
}

/** A white-label domain with its logo: `logoFile` is the {file} of media/white-label/{id}/{file}. */
async function createWhiteLabelDomain(db: Db, storage: FileStorage) {
  const [domain] = await db
    .insert(domains)
    .values({
      name: 'Matrix Clinics',
      url: 'https://matrix.invalid',
      host: 'matrix.invalid',
      checkToken: 'matrix',
    })
    .returning({ id: domains.id });
  const logoFile = 'logo-matrix.png';
  await storage.put(domainFileKey(domain.id, logoFile), TINY_PNG);
  await db
    .update(domains)
    .set({ logoKey: domainFileKey(domain.id, logoFile) })
    .where(eq(domains.id, domain.id));
  return { id: domain.id, logoFile };
}

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
  // Side A's accounts are a white-label domain's, with an admin of their own (decision 023): that
  // admin reaches side A and never side B, as the sides' own roles do.
  const whiteLabel = await createWhiteLabelDomain(db, options.storage);
  await db
    .update(users)
    .set({ domainId: whiteLabel.id })
    .where(
      inArray(
        users.id,
        accountsOf(A).map((account) => account.id),
      ),
    );
  const domainAdmin = await createUser(db, { membershipId: MEMBERSHIP.admin, domainId: whiteLabel.id });
  const documents = {
    A: await createSideDocuments(db, options.storage, A),
    B: await createSideDocuments(db, options.storage, B),
  };
  const labels = {
    A: await createSideLabelRequest(db, options.storage, A),
    B: await createSideLabelRequest(db, options.storage, B),
  };
  const worldAssets = await createWorldAssets(db, options.storage);
  const logos = {
    A: await createSideLogo(db, options.storage, A),
    B: await createSideLogo(db, options.storage, B),
  };
  const outboxMailId = await enqueueMail(db, {
    to: A.patient.email,
    subject: 'Access matrix',
    text: 'A queued mail for the admin outbox view.',
  });
  const [coupon] = await db
    .insert(coupons)
    .values({ name: 'Matrix', code: 'MATRIX', discountAmountCents: 100 })
    .returning({ id: coupons.id });
  const [adminInvitation] = await db
    .insert(adminInvitations)
    .values({ tokenHash: 'matrix-invitation', expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: adminInvitations.id });
  const [product] = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1);
  if (!product) throw new Error('The migrations seed no product: the product routes need one.');
  const accounts = new Map<number, UserRow>();
  for (const account of [
    superAdmin,
    admin,
    adminEquivalent,
    domainAdmin,
    ...accountsOf(A),
    ...accountsOf(B),
  ]) {
    accounts.set(account.id, account);
  }
  // A passkey of every account (rows only: the matrix renames and removes them, never signs in).
  const passkeyIds = new Map<number, number>();
  for (const account of accounts.values()) {
    const [row] = await db
      .insert(passkeys)
      .values({
        userId: account.id,
        credentialId: `matrix-credential-${account.id}`,
        publicKey: new Uint8Array([1, 2, 3]),
        rpId: 'portal.test',
        name: `Matrix key ${account.id}`,
      })
      .returning({ id: passkeys.id });
    passkeyIds.set(account.id, row.id);
  }
  return {
    superAdmin,
    admin,
    adminEquivalent,
    domainAdmin,
    A,
    B,
    documents,
    labels,
    logos,
    whiteLabel,
    assets: worldAssets,
    outboxMailId,
    couponId: coupon.id,
    adminInvitationId: adminInvitation.id,
    productId: product.id,
    accounts,
    passkeyIds,
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
    side.joinApplicant,
    side.patient,
  ];
}

/**
 * What shows a side's accounts in an answer: their e-mails, and the names and companies that carry
 * the side's letter (a lab account's name is its lab's, which every domain shares, so only its
 * e-mail counts).
 */
export function sideMarkers(side: WorldSide): string[] {
  const letter = side.patient.lastName.slice(-1);
  return [
    ...accountsOf(side).map((account) => account.email),
    ...['Patient', 'Harvest', 'Referral', 'Staff', 'Rep', 'Manager', 'Distributor', 'Lab Access'].map(
      (name) => `${name} ${letter}`,
    ),
  ];
}

/**
 * A second white-label domain with a whole side of its own (C): accounts, commerce, documents, a
 * label request, a logo, a sign-up through the public form and an inactive account. Its HC sends
 * tissue to side A's lab, as labs serve every domain. Made after the matrix has run: adding it must
 * change nothing a domain A admin is answered.
 */
export async function addOtherDomainSide(db: Db, storage: FileStorage, world: TwoSidedWorld) {
  const [domain] = await db
    .insert(domains)
    .values({
      name: 'Other Clinics',
      url: 'https://other.invalid',
      host: 'other.invalid',
      checkToken: 'other',
    })
    .returning({ id: domains.id });
  const C = await createSide(db, 'C', { lab: world.A.lab });
  await db
    .update(users)
    .set({ domainId: domain.id })
    .where(
      inArray(
        users.id,
        accountsOf(C).map((account) => account.id),
      ),
    );
  await db.update(users).set({ selfSignup: true }).where(eq(users.id, C.referralCenter.id));
  await db.update(users).set({ isActive: false }).where(eq(users.id, C.labAccess.id));
  await createSideDocuments(db, storage, C);
  await createSideLabelRequest(db, storage, C);
  await createSideLogo(db, storage, C);
  return { domainId: domain.id, side: C };
}
