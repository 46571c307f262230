import { MEMBERSHIP } from '@portal/shared/memberships';
import { count } from 'drizzle-orm';
import type { AppConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { createDocumentsDeps } from '../modules/documents/create-documents-deps.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { seedDemoCommerce } from './demo-commerce.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { seedDemoLabChain } from './demo-lab-chain.ts';
import {
  createProcessingLab,
  createUser,
  linkRhcToHarvestCenter,
  linkStaffToHarvestCenter,
} from './factories.ts';

export const DEMO_EMAILS = {
  admin: 'admin@example.com',
  lab: 'lab@example.com',
  patient: 'patient@example.com',
  hc: 'hc@example.com',
  rhc: 'rhc@example.com',
  staff: 'staff@example.com',
  rep: 'rep@example.com',
  manager: 'manager@example.com',
  distributor: 'distributor@example.com',
} as const;

export type DemoRole = keyof typeof DEMO_EMAILS;

const address = {
  address1: '100 Main Street',
  city: 'Austin',
  stateDesc: 'Texas',
  countryDesc: 'United States',
  zipCode: '78701',
};

/** One account per role, linked as the business links them. */
export async function seedDemoData(db: Db, password: string) {
  const lab = await createProcessingLab(db, 'Austin Processing Lab');
  const person = (first: string, last: string, email: string) => ({
    firstName: first,
    lastName: last,
    email,
    username: email,
    password,
    phoneNumber: '5125550100',
    ...address,
    // `npm start` stays one step: the demo accounts sign in with the demo password alone, and the
    // login page says so (docs/decisions/031-strong-sign-in.md).
    secondFactorExempt: true,
  });
  const admin = await createUser(db, {
    ...person('Ada', 'Admin', DEMO_EMAILS.admin),
    membershipId: MEMBERSHIP.admin,
    isSuperuser: true,
  });
  const distributor = await createUser(db, {
    ...person('Dana', 'Distributor', DEMO_EMAILS.distributor),
    membershipId: MEMBERSHIP.salesDistributor,
  });
  const manager = await createUser(db, {
    ...person('Max', 'Manager', DEMO_EMAILS.manager),
    membershipId: MEMBERSHIP.salesManager,
    salesDistributorId: distributor.id,
  });
  const rep = await createUser(db, {
    ...person('Rita', 'Rep', DEMO_EMAILS.rep),
    membershipId: MEMBERSHIP.salesRep,
    salesManagerId: manager.id,
    salesDistributorId: distributor.id,
  });
  const salesLinks = { salesRepId: rep.id, salesManagerId: manager.id, salesDistributorId: distributor.id };
  const labUser = await createUser(db, {
    ...person('Leo', 'Lab', DEMO_EMAILS.lab),
    membershipId: MEMBERSHIP.lab,
    company: lab.name,
    processingLabId: lab.id,
  });
  const hc = await createUser(db, {
    ...person('Hana', 'Center', DEMO_EMAILS.hc),
    membershipId: MEMBERSHIP.harvestCenter,
    company: 'Austin Harvest Center',
    processingLabId: lab.id,
    ...salesLinks,
  });
  const rhc = await createUser(db, {
    ...person('Remy', 'Referral', DEMO_EMAILS.rhc),
    membershipId: MEMBERSHIP.referralHarvestCenter,
    company: 'Hill Country Referral Clinic',
    ...salesLinks,
  });
  await linkRhcToHarvestCenter(db, rhc.id, hc.id);
  const staff = await createUser(db, {
    ...person('Sam', 'Staff', DEMO_EMAILS.staff),
    membershipId: MEMBERSHIP.hcStaff,
    company: 'Austin Harvest Center',
  });
  await linkStaffToHarvestCenter(db, staff.id, hc.id);
  const patient = await createUser(db, {
    ...person('Pat', 'Patient', DEMO_EMAILS.patient),
    membershipId: MEMBERSHIP.patient,
    harvestCenterId: hc.id,
    processingLabId: lab.id,
    tags: [1],
    ...salesLinks,
  });
  const accounts = { lab, admin, distributor, manager, rep, labUser, hc, rhc, staff, patient };
  await seedDemoCommerce(db, { hc, rhc, patient, patientOfHc: patient });
  // More labs, centers and ~30 patients across the lab stages, with their vials.
  const chain = await seedDemoLabChain(db, accounts, password);
  return { ...accounts, chain };
}

type DemoAccounts = Awaited<ReturnType<typeof seedDemoData>>;
type DocumentFiles = { storage: FileStorage; config: AppConfig };

/**
 * Seeds the demo accounts, centers, patients and vials, only into an empty database (a restart never
 * duplicates them). Returns the accounts when it seeded, for their documents.
 */
export async function seedDemoAccountsIfEmpty(db: Db, password: string): Promise<DemoAccounts | null> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;
  return db.transaction((tx) => seedDemoData(tx, password));
}

/**
 * The demo documents: the signed ones are real sealed PDFs, and the seal certificate is made (and
 * stored) with them. Seconds of work, so `npm start` runs it after the server answers (GET
 * /api/health/ says 'starting' until it ends). Each document goes through the services' own
 * transactions, with no transaction around them all: PGlite has one connection, and one open
 * transaction held every request behind the sealing (issue 42). A start cut short leaves the demo
 * with fewer documents, nothing half-written.
 */
export async function seedDemoDocumentsOf(
  db: Db,
  accounts: DemoAccounts,
  files: DocumentFiles,
): Promise<void> {
  await seedDemoDocuments(createDocumentsDeps({ db, ...files }), accounts);
}

/** Both, one after the other (the seed command, tests); documents only when given the file storage. */
export async function seedDemoIfEmpty(db: Db, password: string, files?: DocumentFiles): Promise<boolean> {
  const accounts = await seedDemoAccountsIfEmpty(db, password);
  if (!accounts) return false;
  if (files) await seedDemoDocumentsOf(db, accounts, files);
  return true;
}
