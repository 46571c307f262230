import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Db } from '../../src/db/client.ts';
import { createProcessingLab, createUser } from '../../src/seed/factories.ts';
import {
  createHarvestCenter,
  createHcStaff,
  createLabUser,
  createPatient,
  createReferralHarvestCenter,
  createSalesDistributor,
  createSalesManager,
  createSalesRep,
} from '../../src/seed/patient-factories.ts';

/**
 * Two labs, two sales teams and their centers and patients, so every access test can ask for
 * "mine" and "someone else's":
 *
 *   team A: distributorA → managerA → repA (hcA in lab1, rhcA ↔ hcA), repA2 (hcA2 in lab1)
 *   team B: distributorB → managerB → repB (hcB in lab2, rhcB ↔ hcB)
 *   patientA1 (hcA), patientA2 (hcA, referred by rhcA), patientA3 (hcA2), patientB1 (hcB, rhcB)
 *   staffA works for hcA; labUser1 (1) and labAccess1 (11) work for lab1, labUser2 for lab2.
 */
export async function createChainWorld(db: Db) {
  const admin = await createUser(db, { membershipId: MEMBERSHIP.admin });
  const lab1 = await createProcessingLab(db, 'Lab One');
  const lab2 = await createProcessingLab(db, 'Lab Two');
  const labUser1 = await createLabUser(db, lab1);
  const labAccess1 = await createLabUser(db, lab1, { membershipId: MEMBERSHIP.labRouteAccess });
  const labUser2 = await createLabUser(db, lab2);

  const distributorA = await createSalesDistributor(db);
  const managerA = await createSalesManager(db, { distributor: distributorA });
  const repA = await createSalesRep(db, { manager: managerA });
  const repA2 = await createSalesRep(db, { manager: managerA });
  const distributorB = await createSalesDistributor(db);
  const managerB = await createSalesManager(db, { distributor: distributorB });
  const repB = await createSalesRep(db, { manager: managerB });

  const hcA = await createHarvestCenter(db, { rep: repA, lab: lab1, company: 'Alpha Harvest' });
  const hcA2 = await createHarvestCenter(db, { rep: repA2, lab: lab1, company: 'Alpha Two Harvest' });
  const hcB = await createHarvestCenter(db, { rep: repB, lab: lab2, company: 'Beta Harvest' });
  const rhcA = await createReferralHarvestCenter(db, {
    rep: repA,
    harvestCenters: [hcA],
    company: 'Alpha Referral',
  });
  const rhcB = await createReferralHarvestCenter(db, {
    rep: repB,
    harvestCenters: [hcB],
    company: 'Beta Referral',
  });
  const staffA = await createHcStaff(db, [hcA]);

  const patientA1 = await createPatient(db, { harvestCenter: hcA, firstName: 'Ann', lastName: 'Alpha' });
  const patientA2 = await createPatient(db, {
    harvestCenter: hcA,
    referralCenter: rhcA,
    firstName: 'Art',
    lastName: 'Alpha',
  });
  const patientA3 = await createPatient(db, { harvestCenter: hcA2, firstName: 'Ava', lastName: 'Alpha-Two' });
  const patientB1 = await createPatient(db, {
    harvestCenter: hcB,
    referralCenter: rhcB,
    firstName: 'Bob',
    lastName: 'Beta',
  });

  return {
    admin,
    lab1,
    lab2,
    labUser1,
    labAccess1,
    labUser2,
    distributorA,
    managerA,
    repA,
    repA2,
    distributorB,
    managerB,
    repB,
    hcA,
    hcA2,
    hcB,
    rhcA,
    rhcB,
    staffA,
    patientA1,
    patientA2,
    patientA3,
    patientB1,
  };
}
export type ChainWorld = Awaited<ReturnType<typeof createChainWorld>>;

/** The ids in a page or list answer. */
export function idsOf(body: { results?: { id: number }[] } | { id: number }[]): number[] {
  const items = Array.isArray(body) ? body : (body.results ?? []);
  return items.map((item) => item.id).sort((a, b) => a - b);
}

export function sortedIds(...users: { id: number }[]): number[] {
  return users.map((u) => u.id).sort((a, b) => a - b);
}
