import { addDays, todayIsoDate } from '@portal/shared/dates';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { LAB_STAGES, YES_NO } from '@portal/shared/patients';
import type { Db } from '../db/client.ts';
import { findAccountById } from '../modules/accounts/account-view.repository.ts';
import { updatePatientRecord } from '../modules/accounts/account-writes.repository.ts';
import { createProcessingLab, linkStaffToHarvestCenter, type UserRow } from './factories.ts';
import {
  createHarvestCenter,
  createLabUser,
  createPatient,
  createReferralHarvestCenter,
  createSalesManager,
  createSalesRep,
  createVialRecord,
} from './patient-factories.ts';

/** Extra demo accounts (same demo password), listed for the README. */
export const DEMO_CHAIN_EMAILS = {
  labDenver: 'lab.denver@example.com',
  labAccess: 'labaccess@example.com',
  rep2: 'rep2@example.com',
  manager2: 'manager2@example.com',
  rep3: 'rep3@example.com',
} as const;

type BaseAccounts = {
  lab: { id: number; name: string };
  admin: UserRow;
  distributor: UserRow;
  manager: UserRow;
  rep: UserRow;
  hc: UserRow;
  rhc: UserRow;
  staff: UserRow;
  patient: UserRow;
};

/** Every stage of the chain, each given to some demo patients. */
const STAGES = LAB_STAGES;
const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Mia', 'Mateo'];
const LAST = ['Garcia', 'Nguyen', 'Patel', 'Kim', 'Rossi', 'Silva', 'Cohen', 'Okafor', 'Larsen', 'Moreau'];

/** Dates and vials of a patient at a lab stage, counted back from today so the demo stays current. */
function stageFields(stage: (typeof STAGES)[number], n: number) {
  const today = todayIsoDate();
  const daysAgo = (d: number) => addDays(today, -d);
  const shipped = daysAgo(120 - n);
  const received = daysAgo(117 - n);
  switch (stage) {
    case 'registered':
      return {};
    case 'shipped_to_lab':
      return { dateAdiposeShippedToLab: daysAgo(2) };
    case 'received_by_lab':
      return {
        dateAdiposeShippedToLab: daysAgo(12),
        dateAdiposeReceivedByLab: daysAgo(9),
        numberTimesQcDone: 1,
      };
    case 'plating':
      return {
        dateAdiposeShippedToLab: daysAgo(40),
        dateAdiposeReceivedByLab: daysAgo(37),
        stemcellPlatingInitiatedDate: daysAgo(30),
        numberTimesQcDone: 2,
        hlaTypingTest: YES_NO.yes,
        vialsPreparation: 8,
      };
    case 'ready':
    case 'vials':
    case 'all_shipped':
      return {
        labSampleId: `L2-${String(1000 + n)}`,
        dateAdiposeShippedToLab: shipped,
        dateAdiposeReceivedByLab: received,
        stemcellPlatingInitiatedDate: addDays(received, 5),
        stemcellPlatingSuccessful: YES_NO.yes,
        hlaTypingTest: n % 2 === 0 ? YES_NO.yes : YES_NO.no,
        numberTimesQcDone: 3,
        dateVialsReadyToShip: addDays(received, 70),
        vialsReadyShip: stage === 'ready' ? 10 : 0,
      };
  }
}

/**
 * The tissue-to-vial chain of the demo: three labs, more reps, HCs and RHCs, ~30 patients across
 * the lab stages, and vial records whose totals add up.
 */
export async function seedDemoLabChain(db: Db, base: BaseAccounts, password: string) {
  const denver = await createProcessingLab(db, 'Denver Processing Lab');
  const miami = await createProcessingLab(db, 'Miami Cell Lab');
  const person = (firstName: string, lastName: string, email: string) => ({
    firstName,
    lastName,
    email,
    username: email,
    password,
    phoneNumber: '5125550100',
    secondFactorExempt: true,
  });
  await createLabUser(db, denver, {
    ...person('Dora', 'Denver', DEMO_CHAIN_EMAILS.labDenver),
    company: denver.name,
  });
  await createLabUser(db, base.lab, {
    ...person('Lara', 'Access', DEMO_CHAIN_EMAILS.labAccess),
    membershipId: MEMBERSHIP.labRouteAccess,
    company: base.lab.name,
  });

  const rep2 = await createSalesRep(db, {
    ...person('Ray', 'Second', DEMO_CHAIN_EMAILS.rep2),
    manager: base.manager,
  });
  const manager2 = await createSalesManager(db, {
    ...person('Mia', 'Mountain', DEMO_CHAIN_EMAILS.manager2),
    distributor: base.distributor,
  });
  const rep3 = await createSalesRep(db, {
    ...person('Rosa', 'Third', DEMO_CHAIN_EMAILS.rep3),
    manager: manager2,
  });

  const center = (company: string, email: string, rep: UserRow, lab: { id: number }) =>
    createHarvestCenter(db, { ...person('Center', 'Director', email), company, rep, lab });
  const roundRock = await center('Round Rock Harvest Center', 'roundrock.hc@example.com', rep2, base.lab);
  const denverHc = await center('Denver Harvest Center', 'denver.hc@example.com', rep3, denver);
  const boulder = await center('Boulder Wellness Harvest', 'boulder.hc@example.com', base.rep, denver);
  const miamiHc = await center('Miami Harvest Center', 'miami.hc@example.com', rep3, miami);
  const frontRange = await createReferralHarvestCenter(db, {
    ...person('Fran', 'Range', 'frontrange.rhc@example.com'),
    company: 'Front Range Referral Clinic',
    rep: rep3,
    harvestCenters: [denverHc, boulder],
  });
  const gulf = await createReferralHarvestCenter(db, {
    ...person('Gil', 'Coast', 'gulf.rhc@example.com'),
    company: 'Gulf Coast Referral',
    rep: rep2,
    harvestCenters: [miamiHc, roundRock],
  });
  await linkStaffToHarvestCenter(db, base.staff.id, roundRock.id);

  // Where patients are harvested, and who referred some of them.
  const placements: [UserRow, UserRow | null][] = [
    [base.hc, null],
    [base.hc, base.rhc],
    [roundRock, null],
    [roundRock, gulf],
    [denverHc, frontRange],
    [denverHc, null],
    [boulder, frontRange],
    [miamiHc, gulf],
  ];
  for (let n = 0; n < 30; n++) {
    const [harvestCenter, referralCenter] = placements[n % placements.length];
    const stage = STAGES[n % STAGES.length];
    const first = FIRST[n % FIRST.length];
    const last = LAST[(n * 3 + 1) % LAST.length];
    const patient = await createPatient(db, {
      ...person(first, last, `patient.${first}.${last}.${n}@example.com`.toLowerCase()),
      harvestCenter,
      referralCenter,
      ...stageFields(stage, n),
    });
    if (stage === 'vials') await seedVials(db, patient, base.admin, n);
    if (stage === 'all_shipped') await seedVials(db, patient, base.admin, n, { shipAll: true });
  }

  // The demo patient: processed, with vials in storage and one shipment.
  const received = addDays(todayIsoDate(), -100);
  await updatePatientRecord(db, base.patient.id, {
    labSampleId: 'L2-0001',
    dateAdiposeShippedToLab: addDays(received, -3),
    dateAdiposeReceivedByLab: received,
    estimatedDateVialsReadyToShip: addDays(received, 70),
    stemcellPlatingInitiatedDate: addDays(received, 4),
    stemcellPlatingSuccessful: YES_NO.yes,
    hlaTypingTest: YES_NO.yes,
    numberTimesQcDone: 3,
    dateVialsReadyToShip: addDays(received, 68),
  });
  const patient = await findAccountById(db, base.patient.id);
  if (!patient) throw new Error('the demo patient vanished');
  await seedVials(db, patient, base.admin, 0);

  return { denver, miami, rep2, manager2, rep3, roundRock, denverHc, boulder, miamiHc, frontRange, gulf };
}

/** Vials added when ready, and for some patients a shipment or two (totals follow the records). */
async function seedVials(db: Db, patient: UserRow, admin: UserRow, n: number, options = { shipAll: false }) {
  const ready = patient.dateVialsReadyToShip ?? todayIsoDate();
  const added = 10 + (n % 3) * 2;
  await createVialRecord(db, {
    patient,
    type: 'added',
    quantity: added,
    date: ready,
    note: 'Cryopreserved after expansion',
    createdBy: admin,
  });
  if (options.shipAll || n % 2 === 0) {
    await createVialRecord(db, {
      patient,
      type: 'shipped',
      quantity: options.shipAll ? added : 2,
      date: addDays(ready, 7),
      note: 'Shipped to harvest center',
      trackingId: `7946${String(100000 + n)}`,
      createdBy: admin,
    });
  }
  if (!options.shipAll && n % 3 === 0) {
    await createVialRecord(db, {
      patient,
      type: 'shipped',
      quantity: 1,
      date: addDays(ready, 21),
      trackingId: `7946${String(200000 + n)}`,
      createdBy: admin,
    });
  }
}
