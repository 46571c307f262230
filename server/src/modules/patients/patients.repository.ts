import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TLabStage } from '@portal/shared/patients';
import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;
export type UserUpdate = Partial<typeof users.$inferInsert>;

const hc = alias(users, 'pt_hc');
const rhc = alias(users, 'pt_rhc');
const rep = alias(users, 'pt_rep');

/** A patient with the names of its centers, rep and lab: one row, one round trip. */
const patientSelection = {
  patient: users,
  hcCompany: hc.company,
  hcEmail: hc.email,
  hcTemplateId: hc.templateId,
  rhcCompany: rhc.company,
  rhcEmail: rhc.email,
  rhcTemplateId: rhc.templateId,
  repFirstName: rep.firstName,
  repLastName: rep.lastName,
  repEmail: rep.email,
  labName: processingLabs.name,
};
export type PatientRow = {
  patient: UserRow;
  hcCompany: string | null;
  hcEmail: string | null;
  hcTemplateId: string | null;
  rhcCompany: string | null;
  rhcEmail: string | null;
  rhcTemplateId: string | null;
  repFirstName: string | null;
  repLastName: string | null;
  repEmail: string | null;
  labName: string | null;
};

function selectPatients(db: Db) {
  return db
    .select(patientSelection)
    .from(users)
    .leftJoin(hc, eq(hc.id, users.harvestCenterId))
    .leftJoin(rhc, eq(rhc.id, users.referralHarvestCenterId))
    .leftJoin(rep, eq(rep.id, users.salesRepId))
    .leftJoin(processingLabs, eq(processingLabs.id, users.processingLabId));
}

export const isPatient = eq(users.membershipId, MEMBERSHIP.patient);

/** The lab stage in SQL; the same rule as patientLabStage() in shared/src/patients.ts. */
export const labStageSql = sql<TLabStage>`CASE
  WHEN ${users.vialsAvailable} > 0 OR ${users.vialsShipped} > 0 THEN 'vials'
  WHEN ${users.dateVialsReadyToShip} IS NOT NULL THEN 'ready'
  WHEN ${users.stemcellPlatingInitiatedDate} IS NOT NULL THEN 'plating'
  WHEN ${users.dateAdiposeReceivedByLab} IS NOT NULL THEN 'received_by_lab'
  WHEN ${users.dateAdiposeShippedToLab} IS NOT NULL THEN 'shipped_to_lab'
  ELSE 'registered' END`;

export type PatientFilters = {
  search?: string;
  /** The sample id at the lab, exact (case-insensitive). */
  labId?: string;
  harvestCenterId?: number;
  referralHarvestCenterId?: number;
  /** Only patients referred by some RHC. */
  referredOnly?: boolean;
  processingLabId?: number;
  salesRepId?: number;
  labStage?: TLabStage;
};

/** WHERE for active patients matching the filters, inside the caller's scope. */
export function patientWhere(scope: SQL, filters: PatientFilters, constraint?: SQL): SQL {
  return and(
    isPatient,
    eq(users.isActive, true),
    scope,
    constraint,
    // search_text has a trigram index; adding other columns to the OR would turn it into a scan.
    filters.search ? sql`${users.searchText} LIKE ${containsPattern(filters.search)}` : undefined,
    filters.labId === undefined ? undefined : sql`lower(${users.labId}) = ${filters.labId.toLowerCase()}`,
    filters.harvestCenterId === undefined ? undefined : eq(users.harvestCenterId, filters.harvestCenterId),
    filters.referralHarvestCenterId === undefined
      ? undefined
      : eq(users.referralHarvestCenterId, filters.referralHarvestCenterId),
    filters.referredOnly ? isNotNull(users.referralHarvestCenterId) : undefined,
    filters.processingLabId === undefined ? undefined : eq(users.processingLabId, filters.processingLabId),
    filters.salesRepId === undefined ? undefined : eq(users.salesRepId, filters.salesRepId),
    filters.labStage === undefined ? undefined : sql`${labStageSql} = ${filters.labStage}`,
  ) as SQL;
}

/** Newest first: by id, which follows the join date and walks users_membership_idx backwards. */
export async function findPatientPage(
  db: Db,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: PatientRow[] }> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await selectPatients(db)
    .where(where)
    .orderBy(desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), rows };
}

export async function findPatientOptions(db: Db, where: SQL, limit: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

export async function findPatientRow(db: Db, id: number): Promise<PatientRow | undefined> {
  const [row] = await selectPatients(db)
    .where(and(eq(users.id, id), isPatient))
    .limit(1);
  return row;
}

export async function insertPatient(
  db: Db,
  values: Omit<typeof users.$inferInsert, 'membershipId'>,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, membershipId: MEMBERSHIP.patient })
    .returning();
  return row;
}

export async function updatePatientRow(db: Db, id: number, changes: UserUpdate): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, id), isPatient));
}
