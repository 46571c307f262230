import { todayIsoDate } from '@portal/shared/dates';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { computeEstimatedVialsReadyDate, inheritedSalesRepId } from '@portal/shared/patients';
import { notEnoughVialsMessage, type TVialType, vialTotalsDelta } from '@portal/shared/vials';
import type { Db } from '../db/client.ts';
import { adjustVialTotals } from '../modules/accounts/account-writes.repository.ts';
import { insertVialRecord } from '../modules/vials/vials.repository.ts';
import {
  type CreateUserInput,
  createUser,
  linkRhcToHarvestCenter,
  linkStaffToHarvestCenter,
  type UserRow,
} from './factories.ts';

/**
 * Factories for the tissue-to-vial chain, shared by the API tests and the demo seed. Each one
 * links accounts the way the server does (a center's rep brings its manager and distributor, a
 * patient inherits its center's rep and lab, vial totals move with their records).
 */

type Ref = { id: number };
let sequence = 0;

export function createSalesDistributor(db: Db, input: CreateUserInput = {}) {
  return createUser(db, { membershipId: MEMBERSHIP.salesDistributor, ...input });
}

export function createSalesManager(db: Db, input: CreateUserInput & { distributor?: Ref | null } = {}) {
  const { distributor, ...rest } = input;
  return createUser(db, {
    membershipId: MEMBERSHIP.salesManager,
    salesDistributorId: distributor?.id ?? null,
    ...rest,
  });
}

export function createSalesRep(db: Db, input: CreateUserInput & { manager?: UserRow | null } = {}) {
  const { manager, ...rest } = input;
  return createUser(db, { membershipId: MEMBERSHIP.salesRep, salesManagerId: manager?.id ?? null, ...rest });
}

/** A distributor, one of its managers and one of that manager's reps. */
export async function createSalesTeam(db: Db) {
  const distributor = await createSalesDistributor(db);
  const manager = await createSalesManager(db, { distributor });
  const rep = await createSalesRep(db, { manager });
  return { distributor, manager, rep };
}

/** A center's or patient's rep; the manager and distributor follow the rep (accounts). */
function salesLinksOf(rep: UserRow | null | undefined) {
  return { salesRepId: rep?.id ?? null };
}

export function createHarvestCenter(
  db: Db,
  input: CreateUserInput & { rep?: UserRow | null; lab?: Ref | null } = {},
) {
  const { rep, lab, ...rest } = input;
  sequence += 1;
  return createUser(db, {
    membershipId: MEMBERSHIP.harvestCenter,
    company: `Harvest Center ${sequence}`,
    processingLabId: lab?.id ?? null,
    ...salesLinksOf(rep),
    ...rest,
  });
}

export async function createReferralHarvestCenter(
  db: Db,
  input: CreateUserInput & { rep?: UserRow | null; harvestCenters?: Ref[] } = {},
) {
  const { rep, harvestCenters = [], ...rest } = input;
  sequence += 1;
  const rhc = await createUser(db, {
    membershipId: MEMBERSHIP.referralHarvestCenter,
    company: `Referral Clinic ${sequence}`,
    ...salesLinksOf(rep),
    ...rest,
  });
  for (const hc of harvestCenters) await linkRhcToHarvestCenter(db, rhc.id, hc.id);
  return rhc;
}

export function createLabUser(db: Db, lab: Ref, input: CreateUserInput = {}) {
  return createUser(db, { membershipId: MEMBERSHIP.lab, processingLabId: lab.id, ...input });
}

export async function createHcStaff(db: Db, harvestCenters: Ref[], input: CreateUserInput = {}) {
  const staff = await createUser(db, { membershipId: MEMBERSHIP.hcStaff, ...input });
  for (const hc of harvestCenters) await linkStaffToHarvestCenter(db, staff.id, hc.id);
  return staff;
}

/**
 * A patient of an HC (and maybe an RHC): the rep comes from the center (the HC first), the lab
 * from the HC, and the estimated vials-ready date from the received date, as the server does.
 */
export async function createPatient(
  db: Db,
  input: CreateUserInput & { harvestCenter?: UserRow | null; referralCenter?: UserRow | null } = {},
): Promise<UserRow> {
  const { harvestCenter, referralCenter, ...rest } = input;
  const repId = inheritedSalesRepId(
    { changed: true, id: harvestCenter?.id ?? null, salesRepId: harvestCenter?.salesRepId ?? null },
    { changed: true, id: referralCenter?.id ?? null, salesRepId: referralCenter?.salesRepId ?? null },
  );
  const received = rest.dateAdiposeReceivedByLab ?? null;
  return createUser(db, {
    membershipId: MEMBERSHIP.patient,
    harvestCenterId: harvestCenter?.id ?? null,
    referralHarvestCenterId: referralCenter?.id ?? null,
    processingLabId: harvestCenter?.processingLabId ?? null,
    salesRepId: repId ?? null,
    ...rest,
    estimatedDateVialsReadyToShip: computeEstimatedVialsReadyDate({
      receivedByLab: received,
      setManually: rest.estimatedDateSetManually ?? false,
      manualDate: rest.estimatedDateVialsReadyToShip ?? null,
    }),
  });
}

/** A vial movement with the patient's totals moved in the same transaction (as the API does). */
export async function createVialRecord(
  db: Db,
  input: {
    patient: Ref;
    type: TVialType;
    quantity: number;
    date?: string;
    note?: string;
    trackingId?: string;
    createdBy?: Ref | null;
  },
) {
  return db.transaction(async (tx) => {
    const totals = await adjustVialTotals(tx, input.patient.id, vialTotalsDelta(null, input));
    if (!totals) throw new Error(notEnoughVialsMessage(0, input.quantity));
    const record = await insertVialRecord(tx, {
      userId: input.patient.id,
      type: input.type,
      quantity: input.quantity,
      date: input.date ?? todayIsoDate(),
      note: input.note ?? '',
      trackingId:
        input.type === 'shipped' ? (input.trackingId ?? `TRK${Date.now().toString(36).toUpperCase()}`) : '',
      createdById: input.createdBy?.id ?? null,
    });
    return { record, totals };
  });
}
