import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patientAccounts } from '../../db/schema/account-links.ts';
import { users } from '../../db/schema/accounts.ts';

/**
 * Reads of a patient's links to its centers (patient_accounts), for the modules that ask "whose
 * patient is this"; the rules that set the links are in patient-links.ts.
 */

/** The harvest center of a patient (null: none, or not a patient). */
export async function findHarvestCenterOfPatient(db: Db, patientId: number): Promise<number | null> {
  const [patient] = await db
    .select({ harvestCenterId: patientAccounts.harvestCenterId })
    .from(patientAccounts)
    .where(eq(patientAccounts.userId, patientId));
  return patient?.harvestCenterId ?? null;
}

/**
 * Those of `patientIds` that are the center's: an HC's own patients, or the patients an RHC
 * referred (by the center's membership).
 */
export async function patientsOfCenterAmong(
  db: Db,
  center: { id: number; membershipId: number },
  patientIds: number[],
): Promise<number[]> {
  if (patientIds.length === 0) return [];
  const column =
    center.membershipId === MEMBERSHIP.referralHarvestCenter
      ? patientAccounts.referralHarvestCenterId
      : patientAccounts.harvestCenterId;
  const own = await db
    .select({ id: patientAccounts.userId })
    .from(patientAccounts)
    .where(and(inArray(patientAccounts.userId, patientIds), eq(column, center.id)));
  return own.map((row) => row.id);
}

/** The patients, active or not, whose HC or RHC the account is (what keeps it from being deleted). */
export async function countPatientsOfCenter(db: Db, centerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(patientAccounts)
    .where(
      or(
        eq(patientAccounts.harvestCenterId, centerId),
        eq(patientAccounts.referralHarvestCenterId, centerId),
      ),
    );
  return row.n;
}

/** A patient account with its harvest center, for a request a center makes for its patient. */
export type PatientOfCenter = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  harvestCenterId: number | null;
};

function selectPatientsWithCenter(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      harvestCenterId: patientAccounts.harvestCenterId,
    })
    .from(users)
    .innerJoin(patientAccounts, eq(patientAccounts.userId, users.id));
}

/** A patient and its harvest center; undefined when the id is not a patient's. */
export async function findPatientWithCenter(db: Db, patientId: number): Promise<PatientOfCenter | undefined> {
  const [patient] = await selectPatientsWithCenter(db).where(eq(users.id, patientId)).limit(1);
  return patient;
}

/** The center's patient with this e-mail (without regard to case), if any. */
export async function findCenterPatientByEmail(
  db: Db,
  harvestCenterId: number,
  email: string,
): Promise<PatientOfCenter | undefined> {
  const [patient] = await selectPatientsWithCenter(db)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
        eq(patientAccounts.harvestCenterId, harvestCenterId),
      ),
    )
    .limit(1);
  return patient;
}
